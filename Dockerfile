# One image for every role: api (HTTP + Socket.IO) and worker (job handlers), chosen by APP_ROLE.
# The image runs a Node.js line still supported upstream; the code itself keeps running on every Node
# package.json's "engines" admits (CI runs the oldest), so NODE_MAJOR may be any of them.
ARG NODE_MAJOR=24

FROM node:${NODE_MAJOR}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_MAJOR}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY scripts ./scripts
RUN mkdir -p /app/data/uploads /app/data/mail /app/data/backups && chown -R node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
CMD ["node", "dist/server/src/main.js"]
