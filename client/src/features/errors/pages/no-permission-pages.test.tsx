import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderInLocale } from '@/testing/i18n';
import { AdminOnlyPage, StaffDeniedPage } from './no-permission-pages';

describe('the permission pages', () => {
  it("should show the contract's texts in English as written", () => {
    renderInLocale(
      <MemoryRouter>
        <AdminOnlyPage signedIn={false} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
    expect(screen.getByText('You do not have permission to access this page.')).toBeTruthy();
  });

  it("should show the contract's texts in Brazilian Portuguese", () => {
    renderInLocale(
      <MemoryRouter>
        <AdminOnlyPage signedIn={false} />
        <StaffDeniedPage role={null} />
      </MemoryRouter>,
      'pt-BR',
    );
    expect(screen.getByRole('heading', { name: '404 - Página não encontrada' })).toBeTruthy();
    expect(screen.getByText('Você não tem permissão para acessar esta página.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'A sua função na equipe não permite isso' })).toBeTruthy();
  });
});
