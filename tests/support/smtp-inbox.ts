import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message, quoted-printable soft breaks and escapes undone. */
  text: string;
  messageId: string | null;
}

/** The message text with quoted-printable soft line breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * A real SMTP server on a local port that keeps every message it receives. `stop()` takes it down
 * (connections are refused, as with a mail server that is down) and `start()` brings it back on the
 * same port.
 */
export async function startSmtpInbox(port = 0) {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let boundPort = port;
  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const text = decodeQuotedPrintable(Buffer.concat(chunks).toString("utf8"));
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            text,
            messageId: /^Message-ID:\s*(\S+)/im.exec(text)?.[1] ?? null,
          });
          callback();
        });
      },
    });
    // A client's connection that breaks (a mail server process killed mid-delivery: ECONNRESET) is
    // what the outage tests do on purpose; unheard, SMTPServer's 'error' event would be thrown.
    server.on("error", () => {});
    await new Promise<void>((resolve, reject) => {
      server!.server.once("error", reject);
      server!.listen(boundPort, "127.0.0.1", () => resolve());
    });
    boundPort = (server.server.address() as AddressInfo).port;
  };
  await start();
  return {
    messages,
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    /** Mails received for `to`. */
    to: (address: string) => messages.filter((mail) => mail.to.includes(address)),
    start,
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>;
