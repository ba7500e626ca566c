import { Transform } from "node:stream";

const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const HEAD_END = Buffer.from("</head>");
/** A head longer than this is passed on unchanged (it never is: React flushes the head in one piece). */
const MAX_HEAD_BYTES = 256 * 1024;

const lowered = (head: Buffer) =>
  Buffer.from(head.toString("utf8").replace(MODULE_PRELOAD, '$& fetchpriority="low"'));

/**
 * Marks the page's script preloads `fetchpriority="low"` as the HTML streams out. The page is
 * rendered on the server and works before its scripts run, so on a slow line the stylesheet, the
 * HTML and the first image should get the bandwidth first and paint; the scripts (about 150 kB)
 * follow and hydrate the page. React and React Router give no way to set this on the preloads they
 * write, so it is done on the head's text (up to `</head>`, which ends on a whole character).
 */
export function lowPriorityScripts(): Transform {
  let pending: Buffer[] = [];
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      pending.push(chunk);
      const data = Buffer.concat(pending);
      const end = data.indexOf(HEAD_END);
      if (end < 0 && data.length < MAX_HEAD_BYTES) return callback();
      done = true;
      pending = [];
      if (end < 0) return callback(null, data);
      callback(null, Buffer.concat([lowered(data.subarray(0, end)), data.subarray(end)]));
    },
    flush(callback) {
      callback(null, pending.length > 0 ? Buffer.concat(pending) : undefined);
    },
  });
}
