-- GET of random byte ranges of one file, as a seeking audio player asks for them.
-- Environment: BENCH_FILE_SIZE (bytes of the file), BENCH_RANGE_BYTES (bytes per range).
local size = tonumber(os.getenv("BENCH_FILE_SIZE"))
local range_bytes = tonumber(os.getenv("BENCH_RANGE_BYTES") or "262144")
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("seed", threads)
end

function init(args)
  math.randomseed(os.time() * 1000 + (seed or 0) * 7919)
end

function request()
  local first = math.random(0, size - range_bytes)
  return wrk.format("GET", nil, { Range = "bytes=" .. first .. "-" .. (first + range_bytes - 1) })
end

-- The RESULT line the bench reads (support/wrk.ts) is get.lua's, beside this file.
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "get.lua")
