// Cucumber's HTML report from `shinpan run --messages FILE` (Cucumber Messages, NDJSON): read on stdin, one
// self-contained HTML page on stdout. @cucumber/html-formatter is a library with no command of its own; this is
// the few lines that drive it, with @cucumber/message-streams to read the NDJSON. Install them once, here:
//
//     npm install --prefix docs/cucumber        (the versions of package.json beside this file)
//     node docs/cucumber/html-report.mjs < out/run.ndjson > out/report.html
//
// tests/test_messages.py runs exactly this on a real run's messages.
import { pipeline } from 'node:stream/promises'
import { CucumberHtmlStream } from '@cucumber/html-formatter'
import { NdjsonToMessageStream } from '@cucumber/message-streams'

await pipeline(process.stdin, new NdjsonToMessageStream(), new CucumberHtmlStream(), process.stdout)
