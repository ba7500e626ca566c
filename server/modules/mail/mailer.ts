import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import type { Transporter } from "nodemailer";
import { uuidv7 } from "../../lib/ids";

// Loaded with the first mail, not at start-up (cold start, issue 7).
const require = createRequire(import.meta.url);

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Display name of the sender, e.g. the school's name. */
  fromName?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** The Message-ID header, e.g. made from the job's id so a mail sent again is recognisably the same. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written when no SMTP server is configured. */
  file?: string;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it mails are written to `outboxDir`. */
  smtpUrl?: string | undefined;
  from?: string | undefined;
  outboxDir: string;
  log: { info(obj: object, msg: string): void };
}

const DEFAULT_FROM = "no-reply@localhost";

/** Sends mail over SMTP, or writes each mail as an .eml file into the outbox (offline default). */
export function createMailer(options: MailerOptions) {
  const fromAddress = options.from ?? DEFAULT_FROM;
  let transport: Transporter | undefined;
  const openTransport = (): Transporter => {
    const nodemailer = require("nodemailer") as typeof import("nodemailer");
    return options.smtpUrl
      ? nodemailer.createTransport({
          url: options.smtpUrl,
          // Bounded, so a hanging server fails the job's try well inside its expiry (mail-jobs.ts).
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        } as Parameters<typeof nodemailer.createTransport>[0])
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  };
  const outboxDir = resolve(options.outboxDir);

  return {
    mode: options.smtpUrl ? ("smtp" as const) : ("outbox" as const),

    async send(message: MailMessage): Promise<SentMail> {
      const from = message.fromName
        ? { name: message.fromName, address: addressOf(fromAddress) }
        : fromAddress;
      transport ??= openTransport();
      const info = await transport.sendMail({
        from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
      if (options.smtpUrl) {
        options.log.info({ messageId: info.messageId, to: message.to }, "Mail sent");
        return { messageId: info.messageId };
      }
      mkdirSync(outboxDir, { recursive: true });
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${uuidv7()}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      options.log.info({ file, to: message.to, subject: message.subject }, "Mail written to the outbox");
      return { messageId: info.messageId, file };
    },

    close() {
      transport?.close();
    },
  };
}

/** The bare address of a From value such as `School <mail@school.example>`. */
function addressOf(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return match ? match[1]! : from;
}

export type Mailer = ReturnType<typeof createMailer>;
