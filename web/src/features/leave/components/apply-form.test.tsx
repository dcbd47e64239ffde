// WCAG 3.3.1: the apply form's errors are tied to their fields (aria-invalid and
// aria-describedby naming the message), the attachment's too although it is no form field.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initI18n, i18n } from '../../../lib/i18n';
import { ApplyForm } from './apply-form';
import type { ApplyPayload } from '../api/apply-payload';

async function renderForm(attachmentRequired: boolean, onSubmit: (p: ApplyPayload) => Promise<unknown> = () => Promise.resolve()) {
  await initI18n('en');
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['leave', 'errors', 'common']);
  const types = [
    { id: 1, type: 'Sick leave', unit: 'day', attachment_required: attachmentRequired },
    { id: 2, type: 'Errand', unit: 'hour' },
  ];
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <ApplyForm types={types} onSubmit={onSubmit} submitting={false} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The text of the elements an element's aria-describedby names. */
function description(el: Element): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('apply form errors', () => {
  it('mark the empty required fields invalid and describe them by their message', async () => {
    const { container } = await renderForm(false);
    fireEvent.submit(screen.getByTestId('leave-apply-form'));
    await waitFor(() => expect(container.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThanOrEqual(2));
    const items = [...container.querySelectorAll('.ant-form-item-has-error')];
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const item of items) {
      const control = item.querySelector('input, textarea')!;
      const message = item.querySelector('.ant-form-item-explain-error')!.textContent!;
      expect(control.getAttribute('aria-invalid')).toBe('true');
      expect(description(control)).toContain(message);
    }
  });

  it('tie the attachment’s message to its button', async () => {
    const { container } = await renderForm(true);
    const button = screen.getByTestId('leave-apply-attachment');
    expect(button.getAttribute('aria-invalid')).toBeNull();
    expect(description(button)).toContain('PDF or image');
    // A file of a kind the form refuses: the message replaces the hint and the button is invalid.
    const file = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    fireEvent.change(container.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [file] } });
    await waitFor(() => expect(button.getAttribute('aria-invalid')).toBe('true'));
    expect(description(button)).toBe(i18n.t('errors:leave.attachment_type'));
  });
});

// Issue 13: an hourly type asks for a time range of one date, not a number of hours.
describe('apply form time range', () => {
  async function chooseErrand(container: HTMLElement) {
    fireEvent.mouseDown(container.querySelector('[data-testid="leave-apply-type"] input')!);
    fireEvent.click(await screen.findByText('Errand'));
    await screen.findByTestId('leave-apply-from-time');
    const date = screen.getByTestId('leave-apply-from').querySelector('input') ?? screen.getByTestId('leave-apply-from');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '2026-11-16' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
  }

  it('refuses an end before the start, on the end field', async () => {
    const submit = vi.fn(() => Promise.resolve());
    const { container } = await renderForm(false, submit);
    await chooseErrand(container);
    fireEvent.change(screen.getByTestId('leave-apply-from-time'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByTestId('leave-apply-to-time'), { target: { value: '10:00' } });
    fireEvent.submit(screen.getByTestId('leave-apply-form'));
    const message = i18n.t('leave:apply.to_time_after');
    await screen.findByText(message);
    const to = screen.getByTestId('leave-apply-to-time');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(description(to)).toContain(message);
    expect(screen.queryByText(i18n.t('leave:fields.hours'))).toBeNull();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the range of one date with the session hours', async () => {
    const submit = vi.fn((_: ApplyPayload) => Promise.resolve());
    const { container } = await renderForm(false, submit);
    await chooseErrand(container);
    fireEvent.change(screen.getByTestId('leave-apply-from-time'), { target: { value: '10:00' } });
    fireEvent.change(screen.getByTestId('leave-apply-to-time'), { target: { value: '12:00' } });
    fireEvent.submit(screen.getByTestId('leave-apply-form'));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0][0]).toEqual({
      leave_type_id: 2,
      from_date: '2026-11-16',
      to_date: '2026-11-16',
      session: 'hours',
      from_time: '10:00',
      to_time: '12:00',
    });
  });
});
