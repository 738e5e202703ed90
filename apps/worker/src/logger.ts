import { pino } from "pino";

export function createLogger(level: string) {
  return pino({ name: "wirebench-worker", level });
}
export type Logger = ReturnType<typeof createLogger>;
