import { Global, Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { AccessTokens } from './access-tokens.service.js';
import { AuthUserLookup } from './auth-user-lookup.js';
import { JwtAuthGuard, OptionalAuthGuard } from './jwt-auth.guard.js';
import { StaffGuard } from './staff.guard.js';

export interface SessionOptions {
  /** The modules that provide `userLookup`. */
  imports: ModuleMetadata['imports'];
  /** The provider (exported by one of `imports`) that finds users for the guards. */
  userLookup: Type<AuthUserLookup>;
}

/**
 * Login tokens and the guards every feature module uses. Global, so `@UseGuards(JwtAuthGuard)`
 * resolves in any module; the user lookup behind the guards is given by the app (the users module).
 */
@Global()
@Module({})
export class SessionModule {
  static forRoot({ imports = [], userLookup }: SessionOptions): DynamicModule {
    return {
      module: SessionModule,
      imports: [
        ...imports,
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
      providers: [AccessTokens, JwtAuthGuard, OptionalAuthGuard, StaffGuard, { provide: AuthUserLookup, useExisting: userLookup }],
      exports: [AccessTokens, JwtAuthGuard, OptionalAuthGuard, StaffGuard, AuthUserLookup],
    };
  }
}
