/**
 * The lint rule `results/one-result`: an outcome that succeeds or fails is `Result<T, E>` from
 * src-common/result.ts, `{ ok: true, value } | { ok: false, error }` (issue 38). Refused: a type
 * literal with an `ok: true`, `ok: false` or `ok: boolean` member (a second result shape, or one
 * re-stating Result by hand), and an object built with an `ok` flag (`true` or `false`) beside
 * any field but `value` and `error` (a second shape nobody declared). What is not a success-or-failure (a wire format, a
 * protocol reply, a third state) names its discriminant otherwise, `kind` say.
 */

const RESULT_FIELDS = new Set(['ok', 'value', 'error']);

/** The key's name when it is written plainly (`ok`, `'ok'`), not computed. */
function keyName(node) {
  if (node.computed) return undefined;
  if (node.key.type === 'Identifier') return node.key.name;
  if (node.key.type === 'Literal' && typeof node.key.value === 'string') return node.key.value;
  return undefined;
}

function isBooleanType(annotation) {
  const type = annotation?.typeAnnotation;
  if (!type) return false;
  if (type.type === 'TSBooleanKeyword') return true;
  return type.type === 'TSLiteralType' && typeof type.literal.value === 'boolean';
}

/** `true`, `false`, `true as const`: a flag, where `ok: '0'` (a SIP2 field) or a count is not. */
function isBooleanLiteral(value) {
  const bare = value.type === 'TSAsExpression' ? value.expression : value;
  return bare.type === 'Literal' && typeof bare.value === 'boolean';
}

const oneResult = {
  meta: {
    type: 'problem',
    docs: { description: 'One result shape: Result<T, E> from src-common/result.ts.' },
    messages: {
      type: "A type with an 'ok' flag is a second result shape: use Result<T, E> from src-common/result.ts, or name the discriminant otherwise (kind) if this is no success-or-failure.",
      object:
        "'{{field}}' beside 'ok' is a second result shape: a Result holds only ok, value and error (src-common/result.ts); name the discriminant otherwise (kind) if this is no success-or-failure.",
    },
    schema: [],
  },
  create(context) {
    return {
      TSPropertySignature(node) {
        if (keyName(node) === 'ok' && isBooleanType(node.typeAnnotation)) {
          context.report({ node, messageId: 'type' });
        }
      },
      ObjectExpression(node) {
        const properties = node.properties.filter((property) => property.type === 'Property');
        const flag = properties.find((property) => keyName(property) === 'ok');
        if (!flag || !isBooleanLiteral(flag.value)) return;
        const names = properties.map(keyName);
        const field = names.find((name) => name !== undefined && !RESULT_FIELDS.has(name));
        if (field !== undefined) context.report({ node, messageId: 'object', data: { field } });
      },
    };
  },
};

export const resultsPlugin = { rules: { 'one-result': oneResult } };
