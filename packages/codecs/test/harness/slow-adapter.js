// A codec that is slow but always returns, so a measurement child stays busy yet keeps reaching
// its event loop between steps (unlike a hanging one).
export const slowAdapter = {
  prepare() {
    return {
      inputs: [1],
      encode(x) {
        const until = performance.now() + 2;
        while (performance.now() < until) {}
        return new Uint8Array([x]);
      },
      decode: (b) => b[0],
    };
  },
};
