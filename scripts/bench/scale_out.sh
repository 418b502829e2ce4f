#!/usr/bin/env bash
# Benchmarks the feed and search through nginx (the committed deploy/nginx/xinqiao-proxy.conf)
# in front of one gateway, then two, on PostgreSQL:
#   scripts/with-postgres.sh scripts/bench/scale_out.sh
# Seeds 10k members and 100k moments, and for each shape drives nginx with wrk: health, the
# member feed, the guest feed and an advanced search. Prints each shape's table (ratios to its
# own health, measured in the same run) and what the second gateway changed per endpoint.
# Every process shares this machine's cores, so a second gateway shows its cost here, not the
# gain of a second machine.
set -euo pipefail
cd "$(dirname "$0")/../.."

engine=postgres
connections=${BENCH_CONNECTIONS:-64}
duration=${BENCH_DURATION:-10s}
members=${BENCH_MEMBERS:-10000}
moments=${BENCH_MOMENTS:-100000}
nginx=${XINQIAO_BENCH_NGINX:-/usr/sbin/nginx}
[[ -x $nginx ]] || { echo "nginx is missing: apt-get install nginx-light" >&2; exit 1; }
source scripts/bench/lib.sh

seed_bench "$members" "$moments"
start_gateway
start_gateway

# nginx over the first $1 gateways; sets `api` to the site through it.
start_nginx() {
    local count=$1 port dir servers=""
    port=$(free_port)
    dir="$work/nginx-$count"
    mkdir -p "$dir/temp"
    chmod 755 "$work" "$dir"
    chmod 777 "$dir/temp"
    for gateway in "${gateway_ports[@]:0:$count}"; do
        servers+="server 127.0.0.1:$gateway max_fails=1 fail_timeout=5s; "
    done
    cat >"$dir/nginx.conf" <<CONF
worker_processes auto;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $dir/temp/body;
    proxy_temp_path $dir/temp/proxy;
    fastcgi_temp_path $dir/temp/fastcgi;
    uwsgi_temp_path $dir/temp/uwsgi;
    scgi_temp_path $dir/temp/scgi;
    upstream xinqiao { $servers}
    map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
    server {
        listen 127.0.0.1:$port;
        include $PWD/deploy/nginx/xinqiao-proxy.conf;
    }
}
CONF
    "$nginx" -p "$dir" -c "$dir/nginx.conf" -g 'daemon off;' &
    others+=($!)
    api=http://127.0.0.1:$port/api/v1
    wait_healthy "$api" "$dir/error.log"
}

narrow='{"gender":"female","ageMin":28,"ageMax":32,"heightMin":160,"heightMax":170,"educations":["硕士"],"hobbies":["travel","photo"]}'

# Measures one shape into $work/results.tsv, then keeps it as $work/$1.tsv.
measure_shape() {
    local token
    token=$(sign_in bench_2)
    BENCH_TOKEN=$token check_post "user/advsearch" "$narrow"
    measure health "$api/health"
    BENCH_TOKEN=$token BENCH_BODY='{"fromId":0}' measure member_feed -s scripts/bench/post.lua "$api/moment/list"
    BENCH_BODY='{"fromId":0}' measure guest_feed -s scripts/bench/post.lua "$api/moment/guest/list"
    BENCH_TOKEN=$token BENCH_BODY=$narrow measure search -s scripts/bench/post.lua "$api/user/advsearch"
    mv "$work/results.tsv" "$work/$1.tsv"
}

start_nginx 1
measure_shape one
start_nginx 2
measure_shape two

echo "members=$members moments=$moments connections=$connections duration=$duration, through nginx"
echo "one gateway:"
python3 scripts/bench/wrk_summary.py --table "$work/one.tsv"
echo "two gateways:"
python3 scripts/bench/wrk_summary.py --table "$work/two.tsv"
echo "two gateways' req/s over one's:"
join -t $'\t' <(sort "$work/one.tsv") <(sort "$work/two.tsv") \
    | awk -F '\t' '{ printf "  %-12s %6.2f\n", $1, $6 / $2 }'
