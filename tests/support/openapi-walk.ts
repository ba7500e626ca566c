/** Reading the app's OpenAPI 3.1 document: its operations and their request schemas. */

export type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  required?: string[];
};

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface OpenApiOperation {
  parameters?: {
    in: "path" | "query" | "header" | "cookie";
    name: string;
    required?: boolean;
    schema: JsonSchema;
  }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
}

export interface Operation {
  method: string;
  /** OpenAPI path, `/api/courses/{id}`. */
  path: string;
  operation: OpenApiOperation;
}

const METHODS = ["get", "put", "post", "patch", "delete", "head", "options"];

/** Every operation of the document (HEAD operations that mirror a GET are left out). */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method) && !(method === "head" && item.get))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/** The schema behind a `$ref` of the document's components (other schemas as they are). */
export function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const name = current.$ref.replace("#/components/schemas/", "");
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`Unresolved reference ${current.$ref}`);
    current = target;
  }
  return current;
}

/** The JSON request body schema of an operation, if it takes one. */
export function jsonBodyOf(document: OpenApiDocument, operation: OpenApiOperation): JsonSchema | undefined {
  const schema = operation.requestBody?.content["application/json"]?.schema;
  return schema ? resolve(document, schema) : undefined;
}
