import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks requests and responses against the service's own OpenAPI 3.1 document with a JSON Schema
 * 2020-12 validator (ajv): a response's status must be declared for its operation, its content type
 * must be one the declaration lists, and its body must match the declared schema. Requests are
 * judged too (query parameters and JSON bodies), so a test can compare the document's verdict with
 * the service's.
 */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}
interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

const pointerToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const mediaType = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

export class OpenApiChecker {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    // The document's own extension keyword: no two items share these properties' values.
    this.ajv.addKeyword({
      keyword: 'x-unique-item-properties',
      type: 'array',
      schemaType: 'array',
      validate: (properties: string[], items: unknown[]) => {
        const seen = new Set<string>();
        for (const item of items) {
          if (item === null || typeof item !== 'object') continue;
          const key = JSON.stringify(properties.map((property) => (item as Record<string, unknown>)[property]));
          if (seen.has(key)) return false;
          seen.add(key);
        }
        return true;
      },
    });
    this.ajv.addSchema(document as object, 'openapi');
  }

  operation(method: string, pathTemplate: string): Operation {
    const operation = this.document.paths[pathTemplate]?.[method.toLowerCase()];
    if (!operation) throw new Error(`the OpenAPI document has no ${method} ${pathTemplate}`);
    return operation;
  }

  private validator(reference: string, build?: () => object): ValidateFunction {
    let validate = this.compiled.get(reference);
    if (!validate) {
      validate = build ? this.ajv.compile(build()) : this.ajv.getSchema(reference);
      if (!validate) throw new Error(`no schema at ${reference}`);
      this.compiled.set(reference, validate);
    }
    return validate;
  }

  /** What is wrong with a response according to the document; empty when it conforms. */
  responseFaults(method: string, pathTemplate: string, status: number, contentType: string | null, body: unknown): string[] {
    const operation = this.operation(method, pathTemplate);
    const declared = operation.responses[String(status)];
    if (!declared) return [`status ${status} is not declared for ${method} ${pathTemplate}`];
    if (!declared.content) return body === undefined ? [] : [`status ${status} declares no body`];
    const type = mediaType(contentType);
    if (!declared.content[type]) return [`content type ${type} is not declared for ${status}`];
    const reference = `openapi#/paths/${pointerToken(pathTemplate)}/${method.toLowerCase()}/responses/${status}/content/${pointerToken(type)}/schema`;
    const validate = this.validator(reference);
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`);
  }

  /** Whether the document accepts these query parameters (values as the service receives them). */
  acceptsQuery(method: string, pathTemplate: string, query: Record<string, string | string[]>): boolean {
    const operation = this.operation(method, pathTemplate);
    const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
    const validate = this.validator(`query ${method} ${pathTemplate}`, () => ({
      type: 'object',
      properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
      required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      additionalProperties: false,
    }));
    // The document says unknown parameters are refused; `__proto__` would slip past a plain object.
    if (Object.keys(query).some((name) => !parameters.some((parameter) => parameter.name === name))) return false;
    // A query value is text; an integer parameter is the integer its plain digits spell.
    const typed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(query)) {
      const schema = parameters.find((parameter) => parameter.name === name)?.schema;
      typed[name] = schema?.type === 'integer' && typeof value === 'string' && /^-?[0-9]+(\.[0-9]+)?$/.test(value) ? Number(value) : value;
    }
    return validate(typed);
  }

  /** Whether the document accepts this JSON request body. */
  acceptsBody(method: string, pathTemplate: string, body: unknown): boolean {
    const reference = `openapi#/paths/${pointerToken(pathTemplate)}/${method.toLowerCase()}/requestBody/content/application~1json/schema`;
    return this.validator(reference)(body);
  }
}
