-- POSTs the JSON body given in the BENCH_BODY environment variable.
wrk.method = "POST"
wrk.body = os.getenv("BENCH_BODY")
wrk.headers["Content-Type"] = "application/json"
