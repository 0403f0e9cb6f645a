import { render, screen } from '@testing-library/react';
import { UserText, withoutBidiControls } from './UserText';

const controls = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];

describe('UserText', () => {
  it('shows a title with a right-to-left override without it, isolated in <bdi>', () => {
    render(
      <h3>
        <UserText>{'invoice\u202Efdp.exe'}</UserText>
      </h3>,
    );
    const shown = screen.getByRole('heading');
    expect(shown).toHaveTextContent(/^invoicefdp\.exe$/);
    expect(shown.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
    expect(shown.firstElementChild?.tagName).toBe('BDI');
  });

  it.each(controls.map((control) => [`U+${control.codePointAt(0)!.toString(16).toUpperCase()}`, control]))(
    'drops %s',
    (_name, control) => {
      expect(withoutBidiControls(`Main${control} line${control}`)).toBe('Main line');
    },
  );

  it('keeps right-to-left letters, accents and emoji as they are', () => {
    expect(withoutBidiControls('שלום · Café · 📞 مرحبا')).toBe('שלום · Café · 📞 مرحبا');
  });
});
