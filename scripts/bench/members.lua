-- POSTs the JSON body given in BENCH_BODY, each request signed in as the next of the members
-- whose access tokens BENCH_TOKENS_FILE lists (one a line): requests of many members at once,
-- which share no per-member rows.
wrk.method = "POST"
wrk.body = os.getenv("BENCH_BODY")
wrk.headers["Content-Type"] = "application/json"
local tokens = {}
for line in io.lines(os.getenv("BENCH_TOKENS_FILE")) do
  tokens[#tokens + 1] = line
end
local sent = 0
request = function()
  sent = sent + 1
  wrk.headers["Authorization"] = "Bearer " .. tokens[sent % #tokens + 1]
  return wrk.format()
end
