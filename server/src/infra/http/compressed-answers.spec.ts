import { describe, expect, it } from '@jest/globals';
import { CompressedAnswers } from './compressed-answers.js';

const br = (text: string) => ({ encoding: 'br', body: Buffer.from(`br:${text}`) });

describe(CompressedAnswers.name, () => {
  it('should give back an answer only for the same text asked for the same way', () => {
    const answers = new CompressedAnswers(4, 100);
    answers.set('[1,2,3]', 'br\napplication/json', br('[1,2,3]'));
    expect(answers.get('[1,2,3]', 'br\napplication/json')).toEqual(br('[1,2,3]'));
    // An equal text made anew (a fresh serialization) finds it too.
    expect(answers.get(JSON.stringify([1, 2, 3]), 'br\napplication/json')).toEqual(br('[1,2,3]'));
    expect(answers.get('[1,2,3]', 'gzip\napplication/json')).toBeUndefined();
    expect(answers.get('[1,2,4]', 'br\napplication/json')).toBeUndefined();
  });

  it('should let the oldest answer go when full, and keep no text over its length', () => {
    const answers = new CompressedAnswers(2, 10);
    answers.set('a', 'v', br('a'));
    answers.set('b', 'v', br('b'));
    answers.set('c', 'v', br('c'));
    answers.set('x'.repeat(11), 'v', br('long'));
    expect([answers.size, answers.get('a', 'v'), answers.get('b', 'v'), answers.get('c', 'v')]).toEqual([2, undefined, br('b'), br('c')]);
  });

  it('should keep a bounded number of ways to ask for one text', () => {
    const answers = new CompressedAnswers(2, 10, 2);
    for (const variant of ['v1', 'v2', 'v3']) answers.set('a', variant, br(variant));
    answers.set('a', 'v1', br('v1 again'));
    expect([answers.get('a', 'v1'), answers.get('a', 'v2'), answers.get('a', 'v3')]).toEqual([br('v1 again'), br('v2'), undefined]);
  });
});
