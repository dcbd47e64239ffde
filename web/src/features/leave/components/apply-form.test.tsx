// WCAG 3.3.1: the apply form's errors are tied to their fields (aria-invalid and
// aria-describedby naming the message), the attachment's too although it is no form field.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initI18n, i18n } from '../../../lib/i18n';
import { ApplyForm } from './apply-form';

async function renderForm(attachmentRequired: boolean) {
  await initI18n('en');
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['leave', 'errors', 'common']);
  const types = [{ id: 1, type: 'Sick leave', unit: 'day', attachment_required: attachmentRequired }];
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <ApplyForm types={types} onSubmit={() => Promise.resolve()} submitting={false} />
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
