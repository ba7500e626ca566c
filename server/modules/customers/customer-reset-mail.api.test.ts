import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let t: TestApp;
let smtp: SMTPServer;
const inbox: Received[] = [];

/** A real SMTP server on a free local port that keeps every message it receives. */
async function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  return (smtp.server.address() as AddressInfo).port;
}

/** The message text with quoted-printable soft line breaks and escapes undone. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

beforeAll(async () => {
  const port = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "https://school.example.org" });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("password reset by mail (real SMTP)", () => {
  it("mails a link that resets the password once", async () => {
    const email = "mail.reset@example.org";
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/customer/register",
      payload: { name: "Mira Mail", email, password: "first-password", acceptTerms: true },
    });
    expect(registered.statusCode).toBe(201);

    const asked = await t.app.inject({
      method: "PUT",
      url: "/api/customer/forget-password",
      payload: { email },
    });
    await t.app.services.jobQueue.drain();
    expect(asked.statusCode).toBe(200);
    expect(inbox).toHaveLength(1);
    const mail = inbox[0]!;
    expect(mail.to).toEqual([email]);
    const text = decoded(mail.raw);
    expect(text).toMatch(/^From: .*<.+@.+>/m);
    expect(text).toContain("Reset your password for");
    expect(text).toMatch(/Content-Type: text\/html/);
    const link = /https:\/\/school\.example\.org\/user\/reset-password\/([\w-]+)/.exec(text);
    expect(link).not.toBeNull();
    const token = link![1]!;

    const reset = await t.app.inject({
      method: "PUT",
      url: "/api/customer/reset-password",
      payload: { token, newPassword: "second-password" },
    });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({
      method: "PUT",
      url: "/api/customer/reset-password",
      payload: { token, newPassword: "third-password" },
    });
    expect(again.statusCode).toBe(400);

    const login = await t.app.inject({
      method: "POST",
      url: "/api/customer/login",
      payload: { email, password: "second-password" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("writes the mail in Dutch when asked in Dutch, and sends nothing for an unknown email", async () => {
    const before = inbox.length;
    await t.app.inject({
      method: "PUT",
      url: "/api/customer/forget-password",
      payload: { email: "nobody.here@example.org" },
    });
    await t.app.services.jobQueue.drain();
    expect(inbox).toHaveLength(before);

    await t.app.inject({
      method: "PUT",
      url: "/api/customer/forget-password?lng=nl",
      payload: { email: "learner@example.com" },
    });
    await t.app.services.jobQueue.drain();
    expect(inbox).toHaveLength(before + 1);
    const text = decoded(inbox.at(-1)!.raw);
    expect(text).toContain("Kies een nieuw wachtwoord");
  });
});
