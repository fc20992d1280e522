#!/bin/sh
# Starts Caddy for PUBLIC_URL (docker-compose.yml, profile "tls"). Caddy serves one HTTPS site whose
# address is PUBLIC_URL's scheme and host: anything else (http, a path, a port, nothing) stops the
# container at once with a line naming PUBLIC_URL, instead of a site that never answers.
set -eu
site=${PUBLIC_URL:-}
site=${site%/}
case "$site" in
  https://?*) ;;
  *)
    echo "caddy: set PUBLIC_URL to the site's https address, such as https://vote.example.org (it is '${PUBLIC_URL:-}')" >&2
    exit 64
    ;;
esac
host=${site#https://}
case "$host" in
  *:443 | *\]) bad= ;;
  */* | *[?#]* | *:*) bad=yes ;;
  *) bad= ;;
esac
if [ -n "$bad" ]; then
  # Caddy listens on the address's port, and only 80 and 443 are published; a path would serve only itself.
  echo "caddy: PUBLIC_URL must be an https address with no path or other port, such as https://vote.example.org (it is '$PUBLIC_URL')" >&2
  exit 64
fi
SITE_ADDRESS=$site
export SITE_ADDRESS
exec caddy run --config /etc/caddy/Caddyfile --adapter caddyfile
