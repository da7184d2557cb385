/**
 * Registers a custom element unless the tag is taken already, or the class is already
 * registered under another name by the host page (a class can be registered only once), so two
 * copies of the library on one page, or a host's own registration, never make it throw.
 */
export function defineElement(
  tag: string,
  constructor: CustomElementConstructor,
  registry: CustomElementRegistry = customElements,
): void {
  if (registry.get(tag) || registry.getName?.(constructor)) return;
  registry.define(tag, constructor);
}
