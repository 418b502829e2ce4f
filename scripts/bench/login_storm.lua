-- A storm of sign-ins: each connection fetches a captcha, then signs a random bench member in
-- with the right password (bcrypt at the configured cost), and again. Every request comes from
-- another address (X-Forwarded-For; the server runs with XINQIAO_BEHIND_PROXY=true), as when
-- many people sign in at once, so what the storm costs is the password checks, not 429s.
-- A sign-in refused with 503 (the server's password queue is full) is sent again, with the same
-- still unused captcha, once its Retry-After has passed, as the web app does; with
-- BENCH_STORM_RETRY=ignore it goes again at once, as a client that ignores Retry-After would.
-- login_storm.sh runs one wrk thread per connection, so this script's state (the captcha in
-- hand, the wait) is the connection's.
-- done() prints how many sign-ins succeeded, failed and were refused as busy.
local members = tonumber(os.getenv("BENCH_MEMBERS") or "1000")
local honour_retry_after = os.getenv("BENCH_STORM_RETRY") ~= "ignore"
local captcha_id = nil
local wait_ms = 0
logins, failures, shed = 0, 0, 0
local threads = {}

function setup(thread)
  thread:set("seed", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() * 100 + seed)
end

local function address()
  return string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))
end

function delay()
  local ms = wait_ms
  wait_ms = 0
  return ms
end

function request()
  local headers = { ["X-Forwarded-For"] = address() }
  if captcha_id == nil then
    return wrk.format("GET", "/api/v1/user/captcha", headers)
  end
  headers["Content-Type"] = "application/json"
  local body = string.format(
    '{"username":"bench_%d","password":"bench-password","captcha":"bench-bypass","captchaId":"%s"}',
    math.random(1, members), captcha_id)
  return wrk.format("POST", "/api/v1/user/login", headers, body)
end

function response(status, headers, body)
  local fresh = body:match('"captchaId":"([^"]+)"')
  if fresh then
    captcha_id = fresh
  elseif status == 503 then
    -- The captcha was not spent: keep it for the retry.
    shed = shed + 1
    local seconds = tonumber(headers["retry-after"] or headers["Retry-After"] or "1") or 1
    if honour_retry_after then
      wait_ms = seconds * 1000
    end
  else
    captcha_id = nil
    if body:find('"accessToken"', 1, true) then
      logins = logins + 1
    else
      failures = failures + 1
    end
  end
end

function done(summary, latency, requests)
  local ok, failed, busy = 0, 0, 0
  for _, thread in ipairs(threads) do
    ok = ok + thread:get("logins")
    failed = failed + thread:get("failures")
    busy = busy + thread:get("shed")
  end
  local attempts = ok + failed + busy
  io.write(string.format("sign-ins: %d succeeded, %d failed, %d shed (503) of %d attempts (%.1f %% shed), %d timeouts\n",
    ok, failed, busy, attempts, attempts > 0 and 100 * busy / attempts or 0, summary.errors.timeout))
end
