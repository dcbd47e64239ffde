import { Flex, Spin } from 'antd';

/** Centred spinner while a lazy screen or its data loads. */
export function PageLoader() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: 240 }}>
      <Spin />
    </Flex>
  );
}
