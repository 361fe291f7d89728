import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Banner, failure, Field, info, readAnswer, SubmitButton, success, type FieldControl } from './index';

const html = (element: ReactElement) => renderToStaticMarkup(element);
const input = (control: FieldControl) => <input {...control} className="input" />;

describe('Field', () => {
  it('binds the label to the control; no description, not invalid', () => {
    expect(html(<Field id="email" label="Email">{input}</Field>)).toBe(
      '<div class="field"><label for="email">Email</label><input id="email" class="input"/></div>',
    );
  });

  it('describes the control by the caller’s descriptions, its hint and its error, and marks it invalid', () => {
    const out = html(
      <Field id="pw" label="Password" hint="At least 8." error="Too short" describedBy="rules">
        {input}
      </Field>,
    );
    expect(out).toContain('<input id="pw" aria-invalid="true" aria-describedby="rules pw-hint pw-error" class="input"/>');
    expect(out).toContain('<span id="pw-hint" class="hint">At least 8.</span>');
    expect(out).toContain('<span id="pw-error" class="field-error">Too short</span>');
  });

  it('marks the control invalid when its message shows elsewhere', () => {
    expect(html(<Field id="plu" label="PLU" invalid>{input}</Field>)).toContain('<input id="plu" aria-invalid="true" class="input"/>');
  });

  it('can keep the label for screen readers only', () => {
    expect(html(<Field id="q" label="Search" hideLabel>{input}</Field>)).toContain('<label for="q" class="sr-only">Search</label>');
  });

  it('puts an aside next to the label', () => {
    const aside = <button type="button">Show</button>;
    expect(html(<Field id="pw" label="Password" labelAside={aside}>{input}</Field>)).toContain(
      '<div class="label-row"><label for="pw">Password</label><button type="button">Show</button></div>',
    );
  });
});

describe('Banner', () => {
  it('announces an error as an alert and anything else as a status', () => {
    expect(html(<Banner message={failure('No')} />)).toBe('<div class="alert alert-error" role="alert">No</div>');
    expect(html(<Banner message={success('Saved')} />)).toBe('<div class="alert alert-success" role="status">Saved</div>');
    expect(html(<Banner message={info('Note')} testId="n" />)).toBe('<div class="alert alert-info" role="status" data-testid="n">Note</div>');
  });

  it('shows nothing without a message', () => {
    expect(html(<Banner message={null} />)).toBe('');
  });

  it('puts an action beside the text; the test id marks the text alone', () => {
    const action = { label: '✕', ariaLabel: 'Dismiss message', onClick: () => {} };
    expect(html(<Banner message={failure('Failed')} testId="t" className="nowrap" action={action} />)).toBe(
      '<div class="alert alert-error row spread nowrap" role="alert"><span data-testid="t">Failed</span>' +
        '<button type="button" class="btn btn-secondary btn-sm" aria-label="Dismiss message">✕</button></div>',
    );
  });
});

describe('SubmitButton', () => {
  it('reads its label, and its busy text while disabled', () => {
    expect(html(<SubmitButton busy={false} busyText="Saving…">Save</SubmitButton>)).toBe('<button type="submit" class="btn btn-primary">Save</button>');
    expect(html(<SubmitButton busy busyText="Saving…" className="btn-block">Save</SubmitButton>)).toBe(
      '<button type="submit" class="btn btn-primary btn-block" disabled="">Saving…</button>',
    );
  });

  it('is disabled when the form cannot be sent yet', () => {
    expect(html(<SubmitButton busy={false} busyText="…" disabled>Go</SubmitButton>)).toContain('disabled=""');
  });
});

describe('readAnswer (the answer contract)', () => {
  const texts = { failed: 'Save failed' };

  it('takes a 2xx answer without success: false as done', () => {
    expect(readAnswer({ ok: true, status: 200, data: { success: true, n: 1 } }, texts)).toEqual({ ok: true, status: 200, data: { success: true, n: 1 } });
    expect(readAnswer({ ok: true, status: 200, data: {} }, texts).ok).toBe(true);
  });

  it('reads a refusal: the API’s error, else the fallback', () => {
    expect(readAnswer({ ok: false, status: 409, data: { success: false, error: 'Taken' } }, texts)).toEqual({
      ok: false,
      status: 409,
      data: { success: false, error: 'Taken' },
      network: false,
      error: 'Taken',
    });
    expect(readAnswer({ ok: false, status: 502, data: {} }, texts)).toMatchObject({ ok: false, error: 'Save failed' });
    expect(readAnswer({ ok: true, status: 200, data: { success: false } }, texts)).toMatchObject({ ok: false, error: 'Save failed' });
  });
});
