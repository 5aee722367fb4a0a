// A minimal hook in Node, for comparison with `relay hook` (tui/benches/hook.rs): read the hook JSON on stdin,
// do one HTTP round trip to relayd (GET /healthz on 127.0.0.1:$RELAY_PORT, 300 ms budget), print nothing (Claude
// Code's allow form) and exit 0, also when relayd does not answer. Standard library only (http).
"use strict";
const http = require("http");

const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
  JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
  const request = http.get(
    { host: "127.0.0.1", port: Number(process.env.RELAY_PORT), path: "/healthz", timeout: 300 },
    (answer) => {
      answer.resume();
      answer.on("end", () => process.exit(0));
    },
  );
  request.on("timeout", () => request.destroy());
  request.on("error", () => process.exit(0));
});
