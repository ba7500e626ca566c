import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** A mail the app wrote to DATA_DIR/outbox, with quoted-printable soft breaks and escapes undone. */
export interface OutboxMail {
  file: string;
  text: string;
}

function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Every mail in DATA_DIR/outbox to `to` (oldest first; file names start with the time). */
export async function outboxMailsTo(dataDir: string, to: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, "outbox");
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((file) => file.endsWith(".eml"))
    .sort();
  const mails: OutboxMail[] = [];
  for (const file of files) {
    const text = decoded(await readFile(join(dir, file), "utf8"));
    if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "im").test(text)) {
      mails.push({ file, text });
    }
  }
  return mails;
}

/** The newest mail to `to`, waiting for it (mails are sent by the job queue, after the response). */
export async function lastMailTo(dataDir: string, to: string, timeoutMs = 30_000): Promise<OutboxMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await outboxMailsTo(dataDir, to);
    if (mails.length > 0) return mails.at(-1)!;
    if (Date.now() > until) throw new Error(`No mail to ${to} in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
