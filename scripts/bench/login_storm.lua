-- A storm of sign-ins: each connection fetches a captcha, then signs a random bench member in
-- with the right password (bcrypt at the configured cost), and again. Every request comes from
-- another address (X-Forwarded-For; the server runs with XINQIAO_BEHIND_PROXY=true), as when
-- many people sign in at once, so what the storm costs is the password checks, not 429s.
-- done() prints how many sign-ins succeeded and failed.
local members = tonumber(os.getenv("BENCH_MEMBERS") or "1000")
local captcha_ids = {}
logins, failures = 0, 0
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

function request()
  local headers = { ["X-Forwarded-For"] = address() }
  local captcha_id = table.remove(captcha_ids)
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
  local captcha_id = body:match('"captchaId":"([^"]+)"')
  if captcha_id then
    table.insert(captcha_ids, captcha_id)
  elseif body:find('"accessToken"', 1, true) then
    logins = logins + 1
  else
    failures = failures + 1
  end
end

function done(summary, latency, requests)
  local ok, failed = 0, 0
  for _, thread in ipairs(threads) do
    ok = ok + thread:get("logins")
    failed = failed + thread:get("failures")
  end
  io.write(string.format("sign-ins: %d succeeded, %d failed, %d timeouts\n",
    ok, failed, summary.errors.timeout))
end
