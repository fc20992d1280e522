import { Module } from '@nestjs/common';
import { ContestsModule } from '../contests/contests.module.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** Users and profiles. UsersService is also the guards' AuthUserLookup (app.module.ts gives it to SessionModule). */
@Module({
  imports: [ContestsModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService],
  exports: [UsersService],
})
export class UsersModule {}
