/**
 * What a lesson file is, read from its bytes (never its name or declared type): the resources
 * learners download (PDF, images, audio) and WebVTT captions.
 */

export interface SniffedType {
  extension: string;
  contentType: string;
}

const RESOURCE_TYPES = {
  pdf: { extension: "pdf", contentType: "application/pdf" },
  png: { extension: "png", contentType: "image/png" },
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
  webp: { extension: "webp", contentType: "image/webp" },
  gif: { extension: "gif", contentType: "image/gif" },
  mp3: { extension: "mp3", contentType: "audio/mpeg" },
  ogg: { extension: "ogg", contentType: "audio/ogg" },
  wav: { extension: "wav", contentType: "audio/wav" },
  flac: { extension: "flac", contentType: "audio/flac" },
  m4a: { extension: "m4a", contentType: "audio/mp4" },
} as const satisfies Record<string, SniffedType>;

/** The content types a stored lesson file may be served with (by its key's extension). */
export const LESSON_FILE_CONTENT_TYPES: Record<string, string> = {
  ...Object.fromEntries(Object.values(RESOURCE_TYPES).map((type) => [type.extension, type.contentType])),
  vtt: "text/vtt; charset=utf-8",
};

export const NOT_A_RESOURCE =
  "A lesson resource must be a PDF, an image (PNG, JPEG, WebP, GIF) or audio (MP3, M4A, OGG, WAV, FLAC).";
export const NOT_WEBVTT =
  'Captions must be a WebVTT file: UTF-8 text that starts with "WEBVTT" and has at least one cue (00:00.000 --> 00:02.000).';

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.length >= end ? bytes.toString("latin1", start, end) : "";

/** The resource type the first bytes show; null for anything else (a video, a script, a zip…). */
export function sniffResource(bytes: Buffer): SniffedType | null {
  if (ascii(bytes, 0, 5) === "%PDF-") return RESOURCE_TYPES.pdf;
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a)
    return RESOURCE_TYPES.png;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return RESOURCE_TYPES.jpeg;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return RESOURCE_TYPES.webp;
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE") return RESOURCE_TYPES.wav;
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return RESOURCE_TYPES.gif;
  if (ascii(bytes, 0, 4) === "OggS") return RESOURCE_TYPES.ogg;
  if (ascii(bytes, 0, 4) === "fLaC") return RESOURCE_TYPES.flac;
  if (ascii(bytes, 0, 3) === "ID3") return RESOURCE_TYPES.mp3;
  // An MPEG audio frame: 11 sync bits, then a layer other than "reserved".
  if (bytes.length >= 4 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0)
    return RESOURCE_TYPES.mp3;
  // MPEG-4 audio only (M4A/M4B brands); an MP4 video is not a resource.
  if (ascii(bytes, 4, 8) === "ftyp" && ["M4A ", "M4B "].includes(ascii(bytes, 8, 12)))
    return RESOURCE_TYPES.m4a;
  return null;
}

const CUE_TIMING =
  /^(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}[ \t]+-->[ \t]+(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}(?:[ \t].*)?$/;

/**
 * The captions as text when the bytes are a WebVTT file (UTF-8, the "WEBVTT" signature line, at
 * least one cue timing line); null otherwise.
 */
export function parseWebVtt(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  if (text.includes("\0")) return null;
  const lines = text.split(/\r\n|\r|\n/);
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "")) return null;
  if (!lines.some((line) => CUE_TIMING.test(line.trim()))) return null;
  return text;
}
