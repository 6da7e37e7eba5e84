import {
  parse,
  serialize,
  type DefaultTreeAdapterTypes as T,
  defaultTreeAdapter as tree,
} from "parse5";
import { HOME_PAGE } from "../../core/api/page-paths.ts";
import { PLACEHOLDERS, PLAIN_FIELDS } from "../../core/api/plain-form-fields.ts";
import { ALERTS } from "../../core/messages.ts";
import type { FieldProblem } from "../use-cases/refusal.ts";

/** What the server answered a form posted without a script: its status and sentence. */
export interface FormAnswer {
  status: number;
  message: string;
  /** Each field's problem, when the fields were read and some must be corrected. */
  problems: readonly FieldProblem[];
  /** The notice's heading, when not the catalogue's 'Success!' or 'Error'. */
  heading?: string;
  /**
   * The form was turned to the route that takes it (a full event's waiting list, or the RSVP
   * once seats are free): nothing went wrong, so the notice is not shown as an error.
   */
  turned?: boolean;
}

/** The tokens a page with a form gets as it is served, in place of the built placeholders. */
export interface PageTokens {
  xsrf: string;
  formToken: string;
}

/** A built form page with its placeholders replaced by this visitor's tokens. */
export function fillTokens(html: string, tokens: PageTokens): string {
  return html
    .replaceAll(PLACEHOLDERS.xsrf, tokens.xsrf)
    .replaceAll(PLACEHOLDERS.formToken, tokens.formToken);
}

const HIDDEN = new Set<string>([PLAIN_FIELDS.xsrf, PLAIN_FIELDS.page, PLAIN_FIELDS.event]);

function attr(node: T.Element, name: string): string | undefined {
  return node.attrs.find((a) => a.name === name)?.value;
}

function setAttr(node: T.Element, name: string, value: string | undefined): void {
  node.attrs = node.attrs.filter((a) => a.name !== name);
  if (value !== undefined) node.attrs.push({ name, value });
}

function isElement(node: T.ChildNode | T.ParentNode): node is T.Element {
  return "tagName" in node;
}

function elements(root: T.ParentNode): T.Element[] {
  const found: T.Element[] = [];
  const walk = (node: T.ParentNode) => {
    for (const child of node.childNodes) {
      if (!isElement(child)) continue;
      found.push(child);
      walk("content" in child ? child.content : child);
    }
  };
  walk(root);
  return found;
}

function element(tag: string, attrs: Record<string, string>, ...children: (T.Element | string)[]) {
  const node = tree.createElement(
    tag,
    "http://www.w3.org/1999/xhtml" as never,
    Object.entries(attrs).map(([name, value]) => ({ name, value })),
  );
  for (const child of children) {
    if (typeof child === "string") tree.insertText(node, child);
    else tree.appendChild(node, child);
  }
  return node;
}

/** Puts what the visitor sent back into the form's fields; the tokens are the fresh ones. */
function fill(form: T.Element, fields: Record<string, string>, tokens: PageTokens): void {
  for (const control of elements(form)) {
    const name = attr(control, "name");
    if (name === undefined) continue;
    if (name === PLAIN_FIELDS.xsrf) setAttr(control, "value", tokens.xsrf);
    else if (name === "formToken") setAttr(control, "value", tokens.formToken);
    if (HIDDEN.has(name) || name === "formToken") continue;
    const sent = fields[name];
    if (control.tagName === "textarea") {
      control.childNodes = [];
      if (sent) tree.insertText(control, sent);
    } else if (control.tagName === "select") {
      for (const option of elements(control).filter((e) => e.tagName === "option")) {
        const selected = sent !== undefined && attr(option, "value") === sent;
        setAttr(option, "selected", selected ? "" : undefined);
      }
    } else if (control.tagName === "input") {
      const type = attr(control, "type") ?? "text";
      if (type === "checkbox" || type === "radio") {
        const checked =
          sent !== undefined && (type === "checkbox" || attr(control, "value") === sent);
        setAttr(control, "checked", checked ? "" : undefined);
      } else if (type !== "hidden" && type !== "submit") {
        setAttr(control, "value", sent ?? "");
      }
    }
  }
}

/** Marks each field with a problem and says it beside the field; returns the fields' ids. */
function markProblems(form: T.Element, problems: readonly FieldProblem[]): Map<string, string> {
  const ids = new Map<string, string>();
  const controls = elements(form);
  for (const problem of problems) {
    const control = controls.find((c) => attr(c, "name") === problem.field);
    if (!control?.parentNode) continue;
    const errorId = `${problem.field}-problem`;
    setAttr(control, "aria-invalid", "true");
    setAttr(control, "aria-describedby", errorId);
    const note = element("p", { class: "field-error", id: errorId }, problem.message);
    const choice = control.parentNode;
    const radios =
      attr(control, "type") === "radio" && isElement(choice) ? choice.parentNode : undefined;
    if (radios && isElement(radios)) {
      tree.insertBefore(radios, note, radios.childNodes[0] as T.ChildNode);
    } else {
      const next =
        control.parentNode.childNodes[control.parentNode.childNodes.indexOf(control) + 1];
      if (next) tree.insertBefore(control.parentNode, note, next);
      else tree.appendChild(control.parentNode, note);
    }
    const id = attr(control, "id");
    if (id) ids.set(problem.field, id);
  }
  return ids;
}

/** What happened, in the place of the form or above it. */
function notice(answer: FormAnswer, ids: Map<string, string>, back?: T.Element): T.Element {
  const ok = answer.status < 300;
  const calm = ok || answer.turned === true;
  const heading = answer.heading ?? (ok ? ALERTS.rsvpSuccess.heading : ALERTS.sendFailure.heading);
  const list = answer.problems.map((problem) => {
    const id = ids.get(problem.field);
    return element(
      "li",
      {},
      id ? element("a", { href: `#${id}` }, problem.message) : problem.message,
    );
  });
  return element(
    "div",
    {
      class: calm ? "form-result" : "form-alert",
      role: calm ? "status" : "alert",
      id: "form-answer",
    },
    element("h2", {}, heading),
    element("p", {}, answer.message),
    ...(list.length > 0 ? [element("ul", {}, ...list)] : []),
    ...(back ? [element("p", {}, back)] : []),
  );
}

/**
 * The page a form posted without a script is answered with, made of the form's own built page
 * (`template`): on success the form gives way to what happened and a link back; otherwise what
 * went wrong stands above the form, filled in again with what was sent and each field's problem
 * marked, with fresh tokens, so it can be sent again at once. Without the fields (a refusal
 * before they were read: too large, too many) the form gives way to the message, and the
 * browser's Back button still holds what was typed. The page's scripts are left out: this
 * address is not the page's own, and the router would take it for an unknown one.
 */
export function answerPage(
  template: string | undefined,
  answer: FormAnswer,
  fields: Record<string, string> | undefined,
  tokens: PageTokens,
): string {
  const doc = parse(template ?? PLAIN_PAGE);
  for (const node of elements(doc)) {
    const rel = attr(node, "rel");
    if (node.tagName === "script" || (node.tagName === "link" && rel === "modulepreload")) {
      tree.detachNode(node);
    }
  }
  const form = elements(doc).find((node) => attr(node, "data-done-href") !== undefined);
  const main = elements(doc).find((node) => node.tagName === "main");
  const href = (form && attr(form, "data-done-href")) ?? `/${HOME_PAGE}`;
  const label = (form && attr(form, "data-done-label")) ?? "Back to the home page";
  const back = element("a", { href }, label);
  if (!form?.parentNode) {
    if (main) tree.appendChild(main, notice(answer, new Map(), back));
    return serialize(doc);
  }
  if (answer.status < 300 || fields === undefined) {
    const message =
      fields === undefined && answer.status >= 300
        ? {
            ...answer,
            message: `${answer.message} Your browser's Back button returns to the form as you filled it in.`,
          }
        : answer;
    tree.insertBefore(form.parentNode, notice(message, new Map(), back), form);
    tree.detachNode(form);
    return serialize(doc);
  }
  fill(form, fields, tokens);
  const ids = markProblems(form, answer.problems);
  tree.insertBefore(form, notice(answer, ids), form.childNodes[0] as T.ChildNode);
  return serialize(doc);
}

/** The page of an answer when the site has not been built (the API alone). */
const PLAIN_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your form</title></head><body><main id="main"></main></body></html>';
