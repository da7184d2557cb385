/**
 * Registers a custom element unless the tag is taken already, so two copies of the library on
 * one page (a script tag and a bundled import, say) never throw.
 */
export function defineElement(
  tag: string,
  constructor: CustomElementConstructor,
  registry: CustomElementRegistry = customElements,
): void {
  if (!registry.get(tag)) registry.define(tag, constructor);
}
