import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { AppProviders, createQueryClient, FONT_FAMILY } from './providers';
import { i18n, initI18n } from '../lib/i18n';

function renderButton(language: string) {
  localStorage.setItem('language', language);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Button data-testid="two">作成</Button>
    </AppProviders>,
  );
}

describe('antd configuration', () => {
  beforeAll(() => initI18n('en'));

  it('does not space out two-character buttons in Chinese and Japanese', async () => {
    for (const language of ['ch', 'jp']) {
      await i18n.changeLanguage(language);
      const { unmount } = renderButton(language);
      await waitFor(() => expect(screen.getByTestId('two').textContent).toBe('作成'));
      unmount();
    }
  });

  it('keeps antd spacing for the other languages (the switch is per language)', async () => {
    await i18n.changeLanguage('en');
    const { unmount } = renderButton('en');
    await waitFor(() => expect(screen.getByTestId('two').textContent).toBe('作 成'));
    unmount();
  });

  it('names the CJK system fonts of every platform in the font stack', () => {
    for (const font of ['PingFang SC', 'Microsoft YaHei', 'Hiragino Sans', 'Yu Gothic UI', 'Noto Sans CJK SC', 'Droid Sans Fallback']) {
      expect(FONT_FAMILY).toContain(font);
    }
  });
});
