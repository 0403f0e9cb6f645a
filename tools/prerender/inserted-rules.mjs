/* global CSSStyleSheet -- runs in the page, through addInitScript */

/**
 * Runs in the page before its scripts. emotion inserts its rules through the CSSOM, where Chromium
 * keeps only what Chromium understands; the text emotion hands over keeps every vendor prefix, so
 * other browsers' first paint gets the same rules as the app would give them.
 */
export function recordInsertedRules() {
  const insertRule = CSSStyleSheet.prototype.insertRule;
  /** @this {CSSStyleSheet & { insertedRuleTexts?: string[] }} */
  CSSStyleSheet.prototype.insertRule = function recordingInsertRule(rule, index) {
    (this.insertedRuleTexts ??= []).push(rule);
    return insertRule.call(this, rule, index);
  };
}
