import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  isValidationMessage,
  validationMessage,
  type ValidationMessageKey,
} from '@portal/contract/validation-messages';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import { AppError } from './errors';

/**
 * Routes declare their request and response schemas as zod schemas, usually imported from
 * @portal/contract, and Fastify validates with them:
 *
 *   const routes: RoutePlugin = async (app) => {
 *     app.post('/accounts', { schema: { body: createAccountSchema, response: { 201: accountSchema } } },
 *       async (request, reply) => { ... request.body is typed and already parsed ... });
 *   };
 *
 * A request that fails its schema never reaches the handler: the client gets 400
 * VALIDATION_FAILED with `fields` mapping each bad field to a validation message key, with the
 * numbers its text names when it has some (`tooLong?max=60`, docs/decisions/014). Responses
 * are parsed with their schema too, which drops any property the schema does not list, so a
 * column added to a table can never leak through an endpoint by accident.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  readonly serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** The Fastify instance as built by `buildApp`. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The type of a module's route plugin (modules/<feature>/routes.ts). */
export type RoutePlugin<Options extends Record<string, unknown> = Record<never, never>> =
  FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>;

export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({
  schema,
  httpPart,
  method,
  url,
}) => {
  const zodSchema = asZodSchema(schema, `${method} ${url} ${httpPart ?? ''}`);
  return (data: unknown) => {
    const result = zodSchema.safeParse(data, { error: messageKeyFor });
    if (!result.success) {
      const fields = issuesToFields(result.error.issues, httpPart ?? 'body');
      return { error: new AppError('VALIDATION_FAILED', undefined, { fields }) };
    }
    // Parsed headers would replace request.headers with only the declared ones; check them,
    // but keep the originals.
    return httpPart === 'headers' ? {} : { value: result.data };
  };
};

export const zodSerializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema,
  method,
  url,
}) => {
  const zodSchema = asZodSchema(schema, `${method} ${url} response`);
  // A response that does not match its schema is a bug on our side and ends as a 500.
  return (data: unknown) => JSON.stringify(zodSchema.parse(data));
};

function asZodSchema(schema: unknown, where: string): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new Error(`Route schemas must be zod schemas (${where}).`);
}

/**
 * Gives every issue without a message of its own a validation message key, so that `fields`
 * always holds keys the web can translate. Schemas from the contract set their keys already.
 */
function messageKeyFor(issue: z.core.$ZodRawIssue): string {
  const missing = issue.input === undefined || issue.input === null;
  if (issue.code === 'invalid_type' && missing) return 'required';
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.input === '') {
    return 'required';
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return validationMessage('tooLong', { max: String(issue.maximum) });
  }
  return 'invalid' satisfies ValidationMessageKey;
}

/** Unknown field names are echoed only when they look like field names, never as sent. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** `{ 'address.city': 'required' }`: the first problem of each field, by dotted path. A problem
 * with the request part as a whole (say, no body at all) is keyed by the part's name, and a field
 * a strict schema does not know is keyed by its own name (when it looks like one). */
export function issuesToFields(
  issues: readonly z.core.$ZodIssue[],
  part: string,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const paths =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((name) => (FIELD_NAME.test(name) ? [...issue.path, name] : issue.path))
        : [issue.path];
    for (const path of paths) {
      const key = path.length > 0 ? path.map(String).join('.') : part;
      fields[key] ??= isValidationMessage(issue.message) ? issue.message : 'invalid';
    }
  }
  return fields;
}
