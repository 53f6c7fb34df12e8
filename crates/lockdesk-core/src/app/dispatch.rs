//! Every command of the table run by name with JSON arguments (the test host's one entry and
//! lockctl's generic calls), and the (command, request, response) lists the generated types and
//! the contract document are made from. Made from the command table by macro.

use serde::Serialize;
use serde_json::Value;

use crate::app::commands::*;
use crate::error::{ErrorCode, ErrorDetails, ErrorPayload};

macro_rules! define_desktop_types {
    ($($kind:ident $([$op:ident])? $name:ident($req:ident) -> $resp:ident;)*) => {
        #[cfg(test)]
        pub(crate) fn desktop_command_types() -> Vec<(&'static str, &'static str, &'static str)> {
            vec![$((stringify!($name), stringify!($req), stringify!($resp))),*]
        }

        /// `(command, request, response)` as TypeScript names them (`JobView<InviteResult>`).
        #[cfg(feature = "ts")]
        pub(crate) fn desktop_command_ts_names(
            cfg: &ts_rs::Config,
        ) -> Vec<(&'static str, String, String)> {
            vec![$((stringify!($name), <$req as ts_rs::TS>::name(cfg), <$resp as ts_rs::TS>::name(cfg))),*]
        }

        #[cfg(feature = "ts")]
        pub(crate) fn export_desktop_command_types(
            cfg: &ts_rs::Config,
        ) -> Result<(), ts_rs::ExportError> {
            $(
                <$req as ts_rs::TS>::export_all(cfg)?;
                <$resp as ts_rs::TS>::export_all(cfg)?;
            )*
            Ok(())
        }
    };
}

lockdesk_commands::lockdesk_desktop_commands!(define_desktop_types);

fn parse_args<T: serde::de::DeserializeOwned>(
    command: &str,
    args: Value,
) -> Result<T, ErrorPayload> {
    let args = if args.is_null() {
        Value::Object(Default::default())
    } else {
        args
    };
    serde_json::from_value(args).map_err(|e| {
        ErrorPayload::new(
            ErrorCode::InvalidArguments,
            format!("the arguments of {command} are not valid: {e}"),
        )
        .with_details(ErrorDetails {
            command: Some(command.to_owned()),
            ..ErrorDetails::default()
        })
    })
}

fn to_json<T: Serialize>(value: T) -> Result<Value, ErrorPayload> {
    serde_json::to_value(value).map_err(|e| ErrorPayload::new(ErrorCode::Internal, e.to_string()))
}

macro_rules! define_dispatch {
    ($($kind:ident $([$op:ident])? $name:ident($req:ident) -> $resp:ident;)*) => {
        /// Runs one command by name with JSON arguments (the HTTP test host's only entry).
        /// Unknown names give `unknown_command`, malformed arguments `invalid_arguments`.
        pub async fn dispatch(
            ctx: &AppContext,
            command: &str,
            args: Value,
        ) -> Result<Value, ErrorPayload> {
            $(
                if command == stringify!($name) {
                    let req: $req = parse_args(command, args)?;
                    let resp: $resp = $name(ctx, req).await.map_err(|e| e.payload())?;
                    return to_json(resp);
                }
            )*
            Err(ErrorPayload::new(
                ErrorCode::UnknownCommand,
                format!("there is no command {command:?}"),
            )
            .with_details(ErrorDetails {
                command: Some(command.to_owned()),
                ..ErrorDetails::default()
            }))
        }

        /// `(command, request type, response type)` as Rust names them, for the contract document.
        #[cfg(test)]
        pub(crate) fn command_types() -> Vec<(&'static str, &'static str, &'static str)> {
            vec![$((stringify!($name), stringify!($req), stringify!($resp))),*]
        }

        /// `(command, request, response)` as TypeScript names them (`JobView<InviteResult>`).
        #[cfg(feature = "ts")]
        pub(crate) fn command_ts_names(cfg: &ts_rs::Config) -> Vec<(&'static str, String, String)> {
            vec![$((stringify!($name), <$req as ts_rs::TS>::name(cfg), <$resp as ts_rs::TS>::name(cfg))),*]
        }

        #[cfg(feature = "ts")]
        pub(crate) fn export_command_types(cfg: &ts_rs::Config) -> Result<(), ts_rs::ExportError> {
            $(
                <$req as ts_rs::TS>::export_all(cfg)?;
                <$resp as ts_rs::TS>::export_all(cfg)?;
            )*
            Ok(())
        }
    };
}

lockdesk_commands::lockdesk_commands!(define_dispatch);
