import { describe, expect, it } from 'vitest';
import { telephoneTerm } from './text-search';

describe('telephoneTerm', () => {
  it('reads a whole telephone in any spelling as its E.164 form', () => {
    expect(telephoneTerm('97 11 11 11')).toEqual({ telephone: '+2290197111111', digits: '97111111' });
    expect(telephoneTerm('+2290197111111')).toEqual({ telephone: '+2290197111111', digits: null });
  });

  it('reads part of a telephone typed with spaces, dots or dashes as its digits', () => {
    expect(telephoneTerm('97 11')).toEqual({ telephone: null, digits: '9711' });
    expect(telephoneTerm('01.97-11')).toEqual({ telephone: null, digits: '019711' });
  });

  it('leaves names, short numbers and unspaced digits alone', () => {
    expect(telephoneTerm('Zinsou')).toEqual({ telephone: null, digits: null });
    expect(telephoneTerm('9 7')).toEqual({ telephone: null, digits: null });
    expect(telephoneTerm('9711')).toEqual({ telephone: null, digits: null });
    expect(telephoneTerm('Jean 9711')).toEqual({ telephone: null, digits: null });
  });
});
