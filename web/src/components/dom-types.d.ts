// Types of components/dom.js's h() and s(): the attributes and the children they take. (Named apart
// from dom.js: a .d.ts of the same name would hide the module from web/tsconfig.json's type check.)

/** An attribute's value: null, undefined and false leave it out, true sets it empty; `on*` keys take a
 *  listener, `dataset` an object of data-* values, `style` an object of style properties. */
export type AttrValue = string | number | boolean | null | undefined | ((e: Event) => void) | Record<string, string> | Partial<CSSStyleDeclaration>;

export type Attrs = Record<string, AttrValue>;

/** A child: a node, a text (strings and numbers become text nodes), nothing (null, undefined, false: skipped),
 *  or a list of children. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];
