import { Container, Title } from '@mantine/core';

export function App() {
  return (
    <Container component="main" py="xl">
      <Title order={1}>Account Centre</Title>
    </Container>
  );
}
