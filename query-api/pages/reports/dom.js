// The few DOM helpers the reports page's modules share.
export const $ = (id) => document.getElementById(id);

/** An element with its properties and children. */
export const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
