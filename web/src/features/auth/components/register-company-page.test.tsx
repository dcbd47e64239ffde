import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderApp } from '../../../test/render-app';
import { i18n } from '../../../lib/i18n';

describe('company registration', () => {
  it('shows server field errors translated through their detail code', async () => {
    mockFetch((url) =>
      url.pathname === '/api/auth/register'
        ? {
            status: 422,
            body: {
              message: 'email is already taken',
              code: 'validation.failed',
              errors: { email: ['email is already taken'] },
              details: { email: [{ code: 'validation.taken' }] },
            },
          }
        : undefined,
    );
    localStorage.setItem('language', 'de');
    await renderApp('/register');
    await i18n.changeLanguage('de');
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    await screen.findByText('Unternehmen registrieren', { selector: 'h3' });
    fireEvent.change(field('Ihr vollständiger Name'), { target: { value: 'Bob' } });
    fireEvent.change(field('Geschäftliche E-Mail'), { target: { value: 'bob@example.com' } });
    fireEvent.change(field('Unternehmensgröße'), { target: { value: '12' } });
    fireEvent.change(field('Arbeitgeber (Firmenname)'), { target: { value: 'Acme' } });
    fireEvent.change(field('Passwort'), { target: { value: 'password-123' } });
    fireEvent.click(screen.getByTestId('register-terms'));
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Dieser Wert wird bereits von einem anderen Benutzer verwendet.')).toBeTruthy();
  });

  it('validates company size as numbers only on the client', async () => {
    mockFetch(() => undefined);
    await renderApp('/register');
    const size = (await screen.findByLabelText('Company size')) as HTMLInputElement;
    fireEvent.change(size, { target: { value: '12a' } });
    expect(await screen.findByText('Numbers only.')).toBeTruthy();
  });

  it('sends the language the form is shown in, which names the starter types', async () => {
    const calls = mockFetch((url) => (url.pathname === '/api/auth/register' ? { status: 422, body: { message: 'x', code: 'validation.failed', errors: {} } } : undefined));
    localStorage.setItem('language', 'fr');
    await renderApp('/register');
    await i18n.changeLanguage('fr');
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    await screen.findByText('Inscrivez votre entreprise', { selector: 'h3' });
    fireEvent.change(field('Votre nom complet'), { target: { value: 'Zoé' } });
    fireEvent.change(field('E-mail professionnel'), { target: { value: 'zoe@example.com' } });
    fireEvent.change(field("Taille de l'entreprise"), { target: { value: '12' } });
    fireEvent.change(field("Employeur (nom de l'entreprise)"), { target: { value: 'Acme' } });
    fireEvent.change(field('Mot de passe'), { target: { value: 'password-123' } });
    fireEvent.click(screen.getByTestId('register-terms'));
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/auth/register')).toBe(true));
    const sent = calls.find((c) => c.url.pathname === '/api/auth/register')!;
    expect(JSON.parse(String(sent.init?.body)).language).toBe('fr');
  });
});
