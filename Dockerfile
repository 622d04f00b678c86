# One image for every component; docker-compose picks the component by command.
FROM node:20-bookworm-slim AS build
# better-sqlite3 (the embedded read models) builds its native module when no prebuilt one can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.base.json ./
COPY domain/package.json domain/
COPY http-edge/package.json http-edge/
COPY store-reference/package.json store-reference/
COPY adapters/package.json adapters/
COPY command-api/package.json command-api/
COPY query-api/package.json query-api/
COPY projectors/package.json projectors/
COPY workers/package.json workers/
COPY app/package.json app/
COPY test/package.json test/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx tsc -b

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
VOLUME ["/data"]
EXPOSE 8080
# node itself is the container's process (no npm, no shell between): `docker stop`'s SIGTERM reaches it,
# and it stops gracefully (requests in flight finish, up to 9 s).
CMD ["node", "app/dist/start-all.js"]
