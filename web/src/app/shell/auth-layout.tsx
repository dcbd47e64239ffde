import { Suspense } from 'react';
import { Card, Flex, Layout, Typography } from 'antd';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../../components/language-switcher';
import { PageLoader } from '../../components/page-loader';
import { APP_NAME } from '../../lib/brand';

/** The frame of the public pages: brand, language switcher and a centred card. */
export function AuthLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: 'transparent', display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>{APP_NAME}</Typography.Title>
        <LanguageSwitcher />
      </Layout.Header>
      <Layout.Content>
        <Flex justify="center" style={{ padding: '24px 16px' }}>
          <Card style={{ width: '100%', maxWidth: 520 }}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Card>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}
