import { serializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseSerializerCompiler } from "./response-serializer";

const Course = z.object({
  title: z.string(),
  price: z.number().nullable(),
  startsOn: z.date().optional(),
  tags: z.array(z.object({ name: z.string() })),
});

const serialize = (schema: unknown) =>
  responseSerializerCompiler({ schema, method: "GET", url: "/api/courses" } as never) as (
    data: unknown,
  ) => string;
const library = (schema: unknown) =>
  serializerCompiler({ schema, method: "GET", url: "/api/courses" } as never) as (data: unknown) => string;

describe("responseSerializerCompiler", () => {
  it("writes what the library writes: the schema's fields only", () => {
    const data = { title: "Clay", price: 12.5, secret: "hash", tags: [{ name: "art", internal: 1 }] };
    expect(serialize(Course)(data)).toBe('{"title":"Clay","price":12.5,"tags":[{"name":"art"}]}');
    expect(serialize(Course)(data)).toBe(library(Course)(data));
    expect(serialize({ properties: Course })(data)).toBe(library(Course)(data));
  });

  it("encodes backward, as the library does (a codec's output side)", () => {
    const Stamp = z.object({
      at: z.codec(z.string(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
    });
    const data = { at: new Date("2026-01-02T03:04:05.000Z") };
    expect(serialize(Stamp)(data)).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
    expect(serialize(Stamp)(data)).toBe(library(Stamp)(data));
  });

  it("refuses an answer of the wrong shape with the library's error", () => {
    const wrong = { title: 3, price: null, tags: [] };
    expect(() => serialize(Course)(wrong)).toThrow(/Response doesn't match the schema/);
    expect(() => serialize(Course)(wrong)).toThrowError(
      (() => {
        try {
          library(Course)(wrong);
        } catch (error) {
          return (error as Error).message;
        }
        return "";
      })(),
    );
  });
});
