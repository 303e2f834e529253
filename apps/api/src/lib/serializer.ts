import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/*
 * Responses are written by a serializer compiled once per route and status from the zod
 * schema's JSON Schema (fast-json-stringify, Fastify's own default), instead of validating
 * every response with zod at run time: the route's types already guarantee the shape, and
 * only the declared fields are ever sent.
 */

type ResponseSchema = z.ZodType | { properties: z.ZodType };

const zodOf = (schema: ResponseSchema): z.ZodType => (schema instanceof z.ZodType ? schema : schema.properties);

export const compiledSerializer: FastifySerializerCompiler<ResponseSchema> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(zodOf(schema), { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  return (data) => stringify(data);
};
