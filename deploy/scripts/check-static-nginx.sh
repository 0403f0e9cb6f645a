#!/usr/bin/env bash
# Runs the static image's nginx.conf (deploy/nginx/static.conf) with this machine's nginx against the
# built remotes (mfe-*/dist, laid out as in the image), with only its paths and port changed, and checks
# what browsers and the gateway rely on: gzip_static, Cache-Control per file kind, 404s.
#   npx nx run-many -t build -p @portal/mfe-marketing,@portal/mfe-checkout,@portal/mfe-dashboard,@portal/mfe-staff
#   bash deploy/scripts/check-static-nginx.sh        # NGINX=/path/to/nginx to use another binary
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
nginx_bin="${NGINX:-/usr/sbin/nginx}"
work="$(mktemp -d)"
chmod 755 "$work" # nginx's workers run as nobody when it is started as root
nginx_pid=''
cleanup() {
  if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null || true; wait "$nginx_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

failures=0
pass() { echo "ok   $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# The document root as the image lays it out.
remotes=()
for name in marketing checkout dashboard staff; do
  if [ -f "$repo/mfe-$name/dist/remoteEntry.js" ]; then
    mkdir -p "$work/html/mfe"
    cp -r "$repo/mfe-$name/dist" "$work/html/mfe/$name"
    remotes+=("$name")
  fi
done
if [ "${#remotes[@]}" -eq 0 ]; then
  echo "no built remote (mfe-*/dist/remoteEntry.js): build them first" >&2
  exit 1
fi

port="$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")"
cp /etc/nginx/mime.types "$work/"
# A release store holding one released version of the first section (npm run release).
release_version=0123456789ab
mkdir -p "$work/releases/${remotes[0]}"
cp -r "$repo/mfe-${remotes[0]}/dist" "$work/releases/${remotes[0]}/$release_version"
sed -e "s#/tmp/#$work/#g" \
    -e "s#root /usr/share/nginx/html;#root $work/html;#" \
    -e "s#alias /releases/#alias $work/releases/#" \
    -e "s#listen 8081;#listen 127.0.0.1:$port;#" \
    "$repo/deploy/nginx/static.conf" > "$work/nginx.conf"
echo "config differs from deploy/nginx/static.conf only in:"
diff "$repo/deploy/nginx/static.conf" "$work/nginx.conf" | grep '^>' || true

"$nginx_bin" -t -p "$work/" -c "$work/nginx.conf" -e stderr
"$nginx_bin" -p "$work/" -c "$work/nginx.conf" -e stderr -g 'daemon off;' >"$work/nginx.log" 2>&1 &
nginx_pid=$!
for _ in $(seq 50); do
  curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break
  sleep 0.1
done
base="http://127.0.0.1:$port"

# header NAME FILE: the value of a response header in a curl -D dump.
header() { { grep -i "^$1:" "$2" || true; } | head -1 | cut -d' ' -f2- | tr -d '\r'; }
status() { head -1 "$1" | cut -d' ' -f2; }

# The image's HEALTHCHECK, on this port.
if wget -q -O /dev/null "$base/healthz"; then pass "healthcheck: wget $base/healthz"; else fail "healthcheck"; fi

# A released version: every file immutable (its folder is named by its content), a missing one a JSON 404.
released="/mfe/${remotes[0]}/releases/$release_version"
for file in remoteEntry.js mf-manifest.json; do
  curl -s -D "$work/h" -o "$work/body" "$base$released/$file"
  [ "$(status "$work/h")" = 200 ] && [ "$(header Cache-Control "$work/h")" = 'public, max-age=31536000, immutable' ] \
    && cmp -s "$work/body" "$work/releases/${remotes[0]}/$release_version/$file" \
    && pass "$released/$file: 200, immutable" \
    || fail "$released/$file: $(status "$work/h"), Cache-Control: $(header Cache-Control "$work/h")"
done
curl -s -D "$work/h" -o "$work/body" "$base/mfe/${remotes[0]}/releases/fedcba987654/remoteEntry.js"
[ "$(status "$work/h")" = 404 ] && [ "$(cat "$work/body")" = '{"statusCode":404,"message":"Not Found"}' ] \
  && pass "a version not in the store is a JSON 404" \
  || fail "a version not in the store gave $(status "$work/h")"

for name in "${remotes[@]}"; do
  dist="$work/html/mfe/$name"
  for entry in remoteEntry.js mf-manifest.json; do
    [ -f "$dist/$entry" ] || { fail "$name: no $entry in dist"; continue; }
    curl -s -D "$work/h" -o "$work/body.gz" -H 'Accept-Encoding: gzip' "$base/mfe/$name/$entry"
    [ "$(status "$work/h")" = 200 ] && [ "$(header Cache-Control "$work/h")" = no-cache ] \
      && pass "$name/$entry: 200, Cache-Control: no-cache" \
      || fail "$name/$entry: $(status "$work/h"), Cache-Control: $(header Cache-Control "$work/h")"
    if [ -f "$dist/$entry.gz" ]; then
      if [ "$(header Content-Encoding "$work/h")" = gzip ] && gunzip -c "$work/body.gz" | cmp -s - "$dist/$entry"; then
        pass "$name/$entry: Content-Encoding: gzip from $entry.gz, unzips to the file"
      else
        fail "$name/$entry: Content-Encoding '$(header Content-Encoding "$work/h")' or body differs"
      fi
    fi
    curl -s -D "$work/h" -o "$work/body" "$base/mfe/$name/$entry"
    [ -z "$(header Content-Encoding "$work/h")" ] && cmp -s "$work/body" "$dist/$entry" \
      && pass "$name/$entry: without Accept-Encoding, the plain file" \
      || fail "$name/$entry: without Accept-Encoding"
  done

  chunk="$(cd "$dist" && find . -type f -name '*.js' | sed 's#^\./##' | grep -E '(^|/|[.-])[0-9a-f]{8,}\.js$' | grep -v remoteEntry | head -1)"
  if [ -z "$chunk" ]; then
    fail "$name: no hashed .js chunk in dist"
  else
    curl -s -D "$work/h" -o "$work/body.gz" -H 'Accept-Encoding: gzip, deflate, br' "$base/mfe/$name/$chunk"
    cache="$(header Cache-Control "$work/h")"
    [ "$(status "$work/h")" = 200 ] && [ "$cache" = 'public, max-age=31536000, immutable' ] \
      && pass "$name/$chunk: 200, Cache-Control: $cache" \
      || fail "$name/$chunk: $(status "$work/h"), Cache-Control: $cache"
    if [ -f "$dist/$chunk.gz" ]; then
      [ "$(header Content-Encoding "$work/h")" = gzip ] && gunzip -c "$work/body.gz" | cmp -s - "$dist/$chunk" \
        && pass "$name/$chunk: Content-Encoding: gzip, Vary: $(header Vary "$work/h")" \
        || fail "$name/$chunk: Content-Encoding '$(header Content-Encoding "$work/h")'"
    fi
  fi

  curl -s -D "$work/h" -o "$work/body" "$base/mfe/$name/0123456789abcdef.js"
  [ "$(status "$work/h")" = 404 ] && [ -z "$(header Cache-Control "$work/h")" ] \
    && [ "$(cat "$work/body")" = '{"statusCode":404,"message":"Not Found"}' ] \
    && [ "$(header Content-Type "$work/h")" = application/json ] \
    && pass "$name: a missing hashed file is a JSON 404 without a cache header" \
    || fail "$name: missing file gave $(status "$work/h"), Cache-Control: $(header Cache-Control "$work/h"), $(cat "$work/body")"

  # A source map left in a remote's folder is never served (they hold the full sources).
  echo '{}' > "$dist/leftover.js.map"
  for map in leftover.js.map LEFTOVER.JS.MAP; do
    curl -s -D "$work/h" -o "$work/body" "$base/mfe/$name/$map"
    [ "$(status "$work/h")" = 404 ] && [ "$(cat "$work/body")" = '{"statusCode":404,"message":"Not Found"}' ] \
      && pass "$name: $map is a JSON 404" \
      || fail "$name: $map gave $(status "$work/h"), $(cat "$work/body")"
  done

  # A prerendered page's fragment (marketing, checkout): the gateway composes pages from it, revalidating
  # it with its ETag on every page it serves (STATIC_REMOTES_URL).
  fragment="$(cd "$dist" && find prerendered -name '*.json' 2>/dev/null | head -1)"
  if [ -n "$fragment" ]; then
    curl -s -D "$work/h" -o "$work/body" "$base/mfe/$name/$fragment"
    etag="$(header ETag "$work/h")"
    [ "$(status "$work/h")" = 200 ] && [ -n "$etag" ] && cmp -s "$work/body" "$dist/$fragment" \
      && pass "$name/$fragment: 200 with ETag $etag" \
      || fail "$name/$fragment: $(status "$work/h"), ETag '$etag'"
    curl -s -D "$work/h" -o /dev/null -H "If-None-Match: $etag" "$base/mfe/$name/$fragment"
    [ "$(status "$work/h")" = 304 ] && pass "$name/$fragment: 304 to its ETag" \
      || fail "$name/$fragment: $(status "$work/h") to If-None-Match"
    # Node's fetch asks for gzip: nginx compresses on the fly and weakens the ETag, which still matches.
    curl -s -D "$work/h" -o /dev/null -H 'Accept-Encoding: gzip, deflate, br' "$base/mfe/$name/$fragment"
    etag="$(header ETag "$work/h")"
    curl -s -D "$work/h" -o /dev/null -H 'Accept-Encoding: gzip, deflate, br' -H "If-None-Match: $etag" \
      "$base/mfe/$name/$fragment"
    [ "$(status "$work/h")" = 304 ] && pass "$name/$fragment: gzipped, 304 to its ETag $etag" \
      || fail "$name/$fragment: gzipped, $(status "$work/h") to If-None-Match $etag"
  fi

  for folder in "/mfe/$name" "/mfe/$name/"; do
    curl -s -D "$work/h" -o /dev/null "$base$folder"
    [ "$(status "$work/h")" = 404 ] && [ -z "$(header Location "$work/h")" ] \
      && pass "$name: the folder $folder is a 404 (no listing, no redirect)" \
      || fail "$name: $folder gave $(status "$work/h"), Location: $(header Location "$work/h")"
  done
done

curl -s -D "$work/h" -o /dev/null "$base/"
[ "$(status "$work/h")" = 404 ] && pass "/ outside /mfe/: 404" || fail "/ gave $(status "$work/h")"

if [ "$failures" -gt 0 ]; then
  echo "nginx log:"; cat "$work/nginx.log"
  echo "check-static-nginx: $failures failure(s)"
  exit 1
fi
echo "check-static-nginx: OK (${remotes[*]})"
