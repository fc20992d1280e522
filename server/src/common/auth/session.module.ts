import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { AccessTokens } from './access-tokens.service.js';
import { JwtAuthGuard, OptionalAuthGuard } from './jwt-auth.guard.js';
import { SuperuserGuard } from './superuser.guard.js';

/**
 * Login tokens and the guards every feature module uses. Global, so `@UseGuards(JwtAuthGuard)`
 * resolves in any module; the user lookup behind the guards comes from the (global) users module.
 */
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // JWT_SECRET is always set by main.ts (from the environment or DATA_DIR) before the app is built.
      useFactory: (config: AppConfig) => ({
        secret: config.JWT_SECRET,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [AccessTokens, JwtAuthGuard, OptionalAuthGuard, SuperuserGuard],
  exports: [AccessTokens, JwtAuthGuard, OptionalAuthGuard, SuperuserGuard],
})
export class SessionModule {}
