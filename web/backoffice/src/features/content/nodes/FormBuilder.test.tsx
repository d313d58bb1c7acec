import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ContentErrors } from '../form/content-errors';
import type { ContentValue } from '../form/content-values';
import { duplicateFieldIds, FormBuilder, placeholdersOf, unknownPlaceholders } from './FormBuilder';

const CONTACT: ContentValue = {
  name: 'Kontakt',
  fields: [
    { kind: 'text', fieldId: 'name', isRequired: true, type: 'text', label: 'Name' },
    { kind: 'text', fieldId: 'email', isRequired: true, type: 'email', label: 'E-Mail' },
    { kind: 'select', fieldId: 'topic', label: 'Anliegen', options: [{ value: 'Kauf' }, { value: 'Miete' }] },
  ],
  actions: [{ kind: 'sendMail', recipient: 'vertrieb@example.at', subject: 'Anfrage: ', message: '' }],
};

function Harness({
  initial,
  seen,
  errors = {},
}: {
  initial: ContentValue;
  seen: ContentValue[];
  errors?: Record<string, string>;
}) {
  const [value, setValue] = useState(initial);
  return (
    <ContentErrors.Provider value={errors}>
      <FormBuilder
        value={value}
        path="content"
        onChange={(v) => {
          seen.push(v);
          setValue(v);
        }}
      />
    </ContentErrors.Provider>
  );
}
const last = (seen: ContentValue[]) => seen[seen.length - 1]!;
const fieldsOf = (v: ContentValue) => v.fields as ContentValue[];
const actionOf = (v: ContentValue) => (v.actions as ContentValue[])[0]!;

describe('the form builder', () => {
  it('offers the fieldIds of the form as placeholders for subject and message, inserted at the cursor', async () => {
    const seen: ContentValue[] = [];
    render(<Harness initial={CONTACT} seen={seen} />);
    const subjectButtons = within(screen.getByRole('group', { name: 'Platzhalter in „Betreff“ einfügen:' }));
    expect(subjectButtons.getAllByRole('button').map((b) => b.textContent)).toEqual(['{name}', '{email}', '{topic}']);
    // the subject: the cursor at its end, then {name}
    const subject = screen.getByLabelText(/^Betreff/) as HTMLInputElement;
    await userEvent.click(subject);
    subject.setSelectionRange(subject.value.length, subject.value.length);
    await userEvent.click(subjectButtons.getByRole('button', { name: '{name} in „Betreff“ einfügen' }));
    expect(actionOf(last(seen)).subject).toBe('Anfrage: {name}');
    // the message: typed text, the cursor between two words, {topic} goes there
    const message = screen.getByLabelText(/^Nachricht/) as HTMLTextAreaElement;
    await userEvent.type(message, 'Anliegen:  von');
    message.setSelectionRange('Anliegen: '.length, 'Anliegen: '.length);
    const messageButtons = within(screen.getByRole('group', { name: 'Platzhalter in „Nachricht“ einfügen:' }));
    await userEvent.click(messageButtons.getByRole('button', { name: '{topic} in „Nachricht“ einfügen' }));
    expect(actionOf(last(seen)).message).toBe('Anliegen: {topic} von');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(message.selectionStart).toBe('Anliegen: {topic}'.length);

    // a new field's id is offered at once; a token naming no field is pointed out
    await userEvent.click(screen.getByRole('button', { name: 'Feld hinzufügen' }));
    const fourth = within(screen.getByRole('group', { name: (n) => n.trim().endsWith('Feld 4') }));
    await userEvent.type(fourth.getByLabelText('Feld-ID'), 'phone');
    expect(subjectButtons.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '{name}',
      '{email}',
      '{topic}',
      '{phone}',
    ]);
    await userEvent.type(subject, ' {{ort}');
    expect(screen.getByText('Kein Feld mit dieser Feld-ID: {ort}')).toBeTruthy();
    expect(subject.getAttribute('aria-describedby')).toContain('unknown');
  }, 60_000);

  it('reorders fields by keyboard on their handle (Alt+Arrow) and with the move buttons', async () => {
    const seen: ContentValue[] = [];
    render(<Harness initial={CONTACT} seen={seen} />);
    screen.getByRole('button', { name: 'Feld 1: Name verschieben' }).focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(fieldsOf(last(seen)).map((f) => f.fieldId)).toEqual(['email', 'name', 'topic']);
    expect(screen.getByText('Feld 2: Name ist jetzt an Position 2 von 3.')).toBeTruthy();
    // the moved field's handle keeps the focus, so the key can be pressed again
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Feld 2: Name verschieben' })),
    );
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(fieldsOf(last(seen)).map((f) => f.fieldId)).toEqual(['email', 'topic', 'name']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Feld 3: Name verschieben' })),
    );
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(fieldsOf(last(seen)).map((f) => f.fieldId)).toEqual(['email', 'name', 'topic']);
    await userEvent.click(screen.getByRole('button', { name: 'Nach oben (Feld 2: Name)' }));
    expect(fieldsOf(last(seen)).map((f) => f.fieldId)).toEqual(['name', 'email', 'topic']);
    // the order of the placeholders follows the fields
    expect(placeholdersOf(last(seen))).toEqual(['name', 'email', 'topic']);
  }, 30_000);

  it('shows what each kind has: text types and default, select options, boolean only id, required and label', async () => {
    const seen: ContentValue[] = [];
    render(<Harness initial={{ name: 'Neu', fields: [], actions: [] }} seen={seen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Feld hinzufügen' }));
    // a new field is a text field of type text
    expect(fieldsOf(last(seen))).toEqual([{ kind: 'text', type: 'text' }]);
    const field = within(screen.getByRole('group', { name: (n) => n.trim().endsWith('Feld 1') }));
    expect(field.getByLabelText('Texttyp')).toBeTruthy();
    expect(field.getByLabelText('Begrenzte Breite')).toBeTruthy();
    await userEvent.selectOptions(field.getByLabelText('Texttyp'), 'email');
    await userEvent.type(field.getByLabelText('Standardwert'), 'x');
    await userEvent.type(field.getByLabelText(/^Beschriftung/), 'Wohnort');
    await userEvent.click(field.getByLabelText('Pflichtfeld'));

    await userEvent.selectOptions(field.getByLabelText(/^Art/), 'select');
    // a select has options and no text type; what only text fields have is gone
    expect(field.queryByLabelText('Texttyp')).toBeNull();
    expect(fieldsOf(last(seen))[0]).toEqual({ kind: 'select', label: 'Wohnort', isRequired: true });
    await userEvent.click(field.getByRole('button', { name: 'Optionen: Eintrag hinzufügen' }));
    await userEvent.type(field.getByLabelText(/^Wert/), 'Wien');
    expect(fieldsOf(last(seen))[0]!.options).toEqual([{ value: 'Wien' }]);

    await userEvent.selectOptions(field.getByLabelText(/^Art/), 'boolean');
    expect(field.queryByLabelText('Beschreibung')).toBeNull();
    expect(field.queryByLabelText('Begrenzte Breite')).toBeNull();
    expect(fieldsOf(last(seen))[0]).toEqual({ kind: 'boolean', label: 'Wohnort', isRequired: true });
    // back to text: type text again
    await userEvent.selectOptions(field.getByLabelText(/^Art/), 'text');
    expect(fieldsOf(last(seen))[0]).toEqual({ kind: 'text', type: 'text', label: 'Wohnort', isRequired: true });

    // a new action sends an e-mail; removing the field leaves none
    await userEvent.click(screen.getByRole('button', { name: 'Aktion hinzufügen' }));
    expect((last(seen).actions as ContentValue[])[0]).toEqual({ kind: 'sendMail' });
    await userEvent.click(screen.getByRole('button', { name: 'Entfernen (Feld 1: Wohnort)' }));
    expect(fieldsOf(last(seen))).toEqual([]);
  }, 30_000);

  it("shows the server's errors at the field, the recipient and the subject", () => {
    render(
      <Harness
        initial={CONTACT}
        seen={[]}
        errors={{
          'content.fields.1.label': 'Bitte geben Sie eine Beschriftung an.',
          'content.actions.0.subject': 'Bitte geben Sie einen Betreff an.',
        }}
      />,
    );
    const label = within(
      screen.getByRole('group', { name: (n) => n.trim().endsWith('Feld 2: E-Mail') }),
    ).getByLabelText(/^Beschriftung/);
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(label.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'Bitte geben Sie eine Beschriftung an.',
    );
    const subject = screen.getByLabelText(/^Betreff/);
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Bitte geben Sie einen Betreff an.')).toBeTruthy();
  });

  it('finds placeholders, duplicate field ids and unknown tokens', () => {
    const content = { fields: [{ fieldId: 'a' }, { fieldId: ' b ' }, { fieldId: 'a' }, { label: 'ohne' }] };
    expect(placeholdersOf(content)).toEqual(['a', 'b']);
    expect(duplicateFieldIds(content)).toEqual(['a']);
    expect(unknownPlaceholders('{a} und {c} und {c} und { leer }', ['a', 'b'])).toEqual(['c']);
  });
});
