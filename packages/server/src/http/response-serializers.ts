import { type SerializerFactory, SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Fastify's response serializers (fast-json-stringify, its default), each compiled once for all the apps
 * built with this memo instead of once per app: compiling every route's answer schema is most of an
 * app's start (about 1 s of CPU). A process that builds one app (`serve`, `worker`) gains nothing and
 * passes none; the test suites build several hundred apps in a few processes (ADR 0097). A serializer
 * depends on nothing but its schema, the shared schemas and the options, which are its key.
 */
export class ResponseSerializers {
  readonly #compiled = new Map<string, Serializer>();
  readonly #build = SerializerSelector();

  /** The factory for Fastify's `schemaController.compilersFactory.buildSerializer`. */
  readonly factory: SerializerFactory = (externalSchemas, options) => {
    const compile = this.#build(externalSchemas, options);
    const context = JSON.stringify([externalSchemas ?? null, options ?? null]);
    return (route) => {
      const key = `${context}\n${JSON.stringify(route.schema ?? null)}`;
      let serialize = this.#compiled.get(key);
      if (serialize === undefined) {
        serialize = compile(route);
        this.#compiled.set(key, serialize);
      }
      return serialize;
    };
  };
}
