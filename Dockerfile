# One image for web, worker and migrations (see docker-compose.yml).
FROM node:20-bookworm
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends capnproto flatbuffers-compiler thrift-compiler \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1
RUN node scripts/setup.mjs && npx turbo run build --filter=@wirebench/web
EXPOSE 3000
