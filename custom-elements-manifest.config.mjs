/**
 * `custom-elements.json`, generated from the elements' JSDoc by @custom-elements-manifest/analyzer
 * (`npm run build` runs it). The plugin below teaches the analyzer this project's conventions:
 *
 * - elements are registered by `defineElement('tag', Class)` in their define module (src/<tag>.ts),
 *   not by `customElements.define`, so tags are linked to classes from those calls;
 * - reactive properties are `static properties` entries, where `state: true` marks internal state
 *   that has no attribute and is not part of the public surface;
 * - an event is a class of its own, `class NoteAddedEvent extends opsEvent<Detail>('note-added') {}`,
 *   which gives each `@fires` of that name its type.
 */

/** Files that are not elements or what elements are made of. */
const NOT_ELEMENT_MODULES = [
  'src/index.ts',
  'src/all.ts',
  'src/browser.ts',
  'src/react.ts',
  'src/version.ts',
  'src/oauth-callback.ts',
];

export default {
  globs: ['src/*.ts', 'src/elements/**/*.ts', 'src/shared/**/*.ts'],
  exclude: [...NOT_ELEMENT_MODULES, 'src/**/*.styles.ts', 'src/**/*.messages.ts'],
  outdir: '.',
  litelement: true,
  // The package.json `customElements` field is kept by hand; the analyzer must not rewrite it.
  packagejson: false,
  plugins: [projectConventionsPlugin()],
};

function projectConventionsPlugin() {
  /** `${modulePath}:${className}` → names of its `state: true` properties. */
  const stateProperties = new Map();
  /** An event's name → the class of that event. */
  const eventTypes = new Map();

  return {
    name: 'commerce-ops-conventions',

    analyzePhase({ ts, node, moduleDoc }) {
      if (ts.isCallExpression(node) && isDefineElementCall(ts, node)) {
        const [tagArg, classArg] = node.arguments;
        const className = classArg.text;
        moduleDoc.exports = [
          ...(moduleDoc.exports ?? []),
          {
            kind: 'custom-element-definition',
            name: tagArg.text,
            declaration: {
              name: className,
              module: importedFrom(ts, node.getSourceFile(), className) ?? moduleDoc.path,
            },
          },
        ];
      }

      if (ts.isClassDeclaration(node) && node.name) {
        const names = statePropertyNames(ts, node);
        if (names.length > 0) stateProperties.set(`${moduleDoc.path}:${node.name.text}`, new Set(names));
        const eventName = opsEventName(ts, node);
        if (eventName) eventTypes.set(eventName, node.name.text);
      }
    },

    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          if (declaration.kind !== 'class') continue;
          const state = stateProperties.get(`${mod.path}:${declaration.name}`);
          if (state) {
            declaration.attributes = declaration.attributes?.filter(
              (attribute) => !state.has(attribute.fieldName),
            );
            for (const member of declaration.members ?? []) {
              if (!state.has(member.name)) continue;
              delete member.attribute;
              delete member.reflects;
            }
          }
          if (declaration.events) {
            // The `@fires` tags are the contract. Events the analyzer guessed from `dispatchEvent(new
            // SomeEvent(detail))` carry no name, or the detail's variable name: drop those.
            declaration.events = declaration.events
              .filter((event) => event.name && (event.description || eventTypes.has(event.name)))
              .map((event) =>
                event.type || !eventTypes.has(event.name)
                  ? event
                  : { ...event, type: { text: eventTypes.get(event.name) } },
              );
          }
        }
      }
    },
  };
}

/** The name in `class X extends opsEvent<Detail>('name') {}`, if the class is an event's. */
function opsEventName(ts, node) {
  const base = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
    ?.types[0];
  const call = base?.expression;
  if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return undefined;
  const [name] = call.arguments;
  return call.expression.text === 'opsEvent' && name && ts.isStringLiteral(name) ? name.text : undefined;
}

function isDefineElementCall(ts, node) {
  const [tagArg, classArg] = node.arguments;
  return (
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'defineElement' &&
    tagArg !== undefined &&
    ts.isStringLiteral(tagArg) &&
    classArg !== undefined &&
    ts.isIdentifier(classArg)
  );
}

/** The source path (`src/…/x.ts`) of the module `name` is imported from, if it is imported. */
function importedFrom(ts, sourceFile, name) {
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    if (!bindings.elements.some((element) => element.name.text === name)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) return undefined;
    const resolved = new URL(specifier, `file:///${sourceFile.fileName}`).pathname.slice(1);
    return resolved.replace(/\.js$/, '.ts');
  }
  return undefined;
}

/** Names of the `static properties` entries declared `{ state: true }`. */
function statePropertyNames(ts, classNode) {
  const names = [];
  for (const member of classNode.members) {
    const isStatic = member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword);
    if (!isStatic || !ts.isPropertyDeclaration(member) || member.name.getText() !== 'properties') continue;
    if (!member.initializer || !ts.isObjectLiteralExpression(member.initializer)) continue;
    for (const property of member.initializer.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) continue;
      const isState = property.initializer.properties.some(
        (option) =>
          ts.isPropertyAssignment(option) &&
          option.name.getText() === 'state' &&
          option.initializer.kind === ts.SyntaxKind.TrueKeyword,
      );
      if (isState) names.push(property.name.getText());
    }
  }
  return names;
}
