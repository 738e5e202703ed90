# One image for web, worker and migrations (see docker-compose.yml). Runs as the image's `node`
# user, never root: the worker's measurement children then run as that user too.
FROM node:20-bookworm
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends capnproto flatbuffers-compiler thrift-compiler \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
RUN chown node:node /app
USER node
COPY --chown=node:node . .
ENV NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1
RUN node scripts/setup.mjs && npx turbo run build --filter=@wirebench/web
EXPOSE 3000
