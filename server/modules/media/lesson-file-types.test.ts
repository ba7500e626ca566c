import { describe, expect, it } from "vitest";
import { parseWebVtt, sniffResource } from "./lesson-file-types";

describe("sniffResource", () => {
  it("knows PDFs, images and audio by their first bytes, whatever they are called", () => {
    expect(sniffResource(Buffer.from("%PDF-1.7\n"))?.contentType).toBe("application/pdf");
    expect(sniffResource(Buffer.from("89504e470d0a1a0a0000", "hex"))?.extension).toBe("png");
    expect(sniffResource(Buffer.from("ffd8ffe000104a464946", "hex"))?.extension).toBe("jpg");
    expect(sniffResource(Buffer.from("ID3\u0004\u0000\u0000"))?.contentType).toBe("audio/mpeg");
    expect(sniffResource(Buffer.from("fffb9064", "hex"))?.contentType).toBe("audio/mpeg");
    expect(sniffResource(Buffer.from("OggS\u0000\u0002"))?.contentType).toBe("audio/ogg");
    expect(sniffResource(Buffer.from("RIFF\u0024\u0000\u0000\u0000WAVEfmt "))?.contentType).toBe("audio/wav");
    expect(sniffResource(Buffer.from("\u0000\u0000\u0000\u0020ftypM4A \u0000"))?.contentType).toBe(
      "audio/mp4",
    );
  });

  it("refuses scripts, archives and videos", () => {
    expect(sniffResource(Buffer.from("<script>alert(1)</script>"))).toBeNull();
    expect(sniffResource(Buffer.from("504b0304", "hex"))).toBeNull();
    expect(sniffResource(Buffer.from("\u0000\u0000\u0000\u0020ftypisom\u0000"))).toBeNull();
    expect(sniffResource(Buffer.alloc(0))).toBeNull();
  });
});

describe("parseWebVtt", () => {
  it("accepts a WebVTT file with a byte order mark, a header text and a cue", () => {
    const file = "\ufeffWEBVTT - Lesson 1\r\n\r\n1\r\n00:00.000 --> 00:02.500 align:start\r\nHello\r\n";
    expect(parseWebVtt(Buffer.from(file))).toContain("Hello");
    expect(parseWebVtt(Buffer.from("WEBVTT\n\n01:00:00.000 --> 01:00:02.000\nLate\n"))).not.toBeNull();
  });

  it("refuses SubRip, a missing signature, no cues and bytes that are not UTF-8", () => {
    expect(parseWebVtt(Buffer.from("1\n00:00:00,000 --> 00:00:02,000\nHi\n"))).toBeNull();
    expect(parseWebVtt(Buffer.from("WEBVTTX\n\n00:00.000 --> 00:02.000\nHi\n"))).toBeNull();
    expect(parseWebVtt(Buffer.from("WEBVTT\n\nNOTE nothing here\n"))).toBeNull();
    expect(parseWebVtt(Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]))).toBeNull();
  });
});
