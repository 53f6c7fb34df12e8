//! Owner-only access lists on Windows: what 0600/0700 are on Unix. A file or folder Lockdesk
//! makes private gets a protected DACL (nothing inherited from the folder above) with exactly two
//! entries, full control for the signed-in user and for SYSTEM; a folder's entries are inherited
//! by what is created inside it, so SQLite's -wal and -shm files and temporary files start
//! private too. Set by path with `SetNamedSecurityInfoW`, which needs no handle opened with
//! `WRITE_DAC`.

// The Win32 security API (access lists, SIDs) has no safe wrapper in the standard library.
#![allow(unsafe_code)]

use std::ffi::c_void;
use std::io;
use std::os::windows::ffi::OsStrExt;
use std::path::Path;
use std::ptr::{null, null_mut};

use windows_sys::Win32::Foundation::{CloseHandle, LocalFree, HANDLE};
use windows_sys::Win32::Security::Authorization::{
    GetNamedSecurityInfoW, SetEntriesInAclW, SetNamedSecurityInfoW, EXPLICIT_ACCESS_W,
    NO_MULTIPLE_TRUSTEE, SET_ACCESS, SE_FILE_OBJECT, TRUSTEE_IS_SID, TRUSTEE_IS_USER, TRUSTEE_W,
};
use windows_sys::Win32::Security::{
    AclSizeInformation, CreateWellKnownSid, EqualSid, GetAce, GetAclInformation,
    GetSecurityDescriptorControl, GetTokenInformation, IsWellKnownSid, TokenUser,
    WinBuiltinAdministratorsSid, WinLocalSystemSid, ACCESS_ALLOWED_ACE, ACL, ACL_SIZE_INFORMATION,
    DACL_SECURITY_INFORMATION, NO_INHERITANCE, OWNER_SECURITY_INFORMATION,
    PROTECTED_DACL_SECURITY_INFORMATION, PSECURITY_DESCRIPTOR, PSID, SECURITY_MAX_SID_SIZE,
    SE_DACL_PROTECTED, SUB_CONTAINERS_AND_OBJECTS_INHERIT, TOKEN_QUERY, TOKEN_USER,
};
use windows_sys::Win32::Storage::FileSystem::FILE_ALL_ACCESS;
use windows_sys::Win32::System::SystemServices::ACCESS_ALLOWED_ACE_TYPE;
use windows_sys::Win32::System::Threading::{GetCurrentProcess, OpenProcessToken};

fn wide(path: &Path) -> Vec<u16> {
    path.as_os_str().encode_wide().chain(Some(0)).collect()
}

fn win32(code: u32) -> io::Error {
    io::Error::from_raw_os_error(code as i32)
}

/// A SID in its own buffer (the user's from the process token, or a well-known one).
struct Sid(Vec<u8>);

impl Sid {
    fn ptr(&self) -> PSID {
        self.0.as_ptr() as PSID
    }

    /// The user this process runs as.
    fn current_user() -> io::Result<Sid> {
        unsafe {
            let mut token: HANDLE = null_mut();
            if OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &mut token) == 0 {
                return Err(io::Error::last_os_error());
            }
            let mut len = 0u32;
            GetTokenInformation(token, TokenUser, null_mut(), 0, &mut len);
            // u64 words keep the TOKEN_USER at the buffer's start aligned.
            let mut buf = vec![0u64; (len as usize).div_ceil(8).max(1)];
            let ok = GetTokenInformation(
                token,
                TokenUser,
                buf.as_mut_ptr() as *mut c_void,
                (buf.len() * 8) as u32,
                &mut len,
            );
            let err = io::Error::last_os_error();
            CloseHandle(token);
            if ok == 0 {
                return Err(err);
            }
            let user = &*(buf.as_ptr() as *const TOKEN_USER);
            Ok(Sid::copy_of(user.User.Sid))
        }
    }

    fn local_system() -> io::Result<Sid> {
        let mut buf = vec![0u8; SECURITY_MAX_SID_SIZE as usize];
        let mut len = buf.len() as u32;
        let ok = unsafe {
            CreateWellKnownSid(
                WinLocalSystemSid,
                null_mut(),
                buf.as_mut_ptr() as PSID,
                &mut len,
            )
        };
        if ok == 0 {
            return Err(io::Error::last_os_error());
        }
        buf.truncate(len as usize);
        Ok(Sid(buf))
    }

    /// Copies a SID (revision, count, authority, `count` sub-authorities of 4 bytes).
    unsafe fn copy_of(sid: PSID) -> Sid {
        let count = *(sid as *const u8).add(1) as usize;
        let len = 8 + 4 * count;
        Sid(std::slice::from_raw_parts(sid as *const u8, len).to_vec())
    }

    fn equals(&self, other: PSID) -> bool {
        unsafe { EqualSid(self.ptr(), other) != 0 }
    }
}

fn full_control(sid: &Sid, inheritance: u32) -> EXPLICIT_ACCESS_W {
    EXPLICIT_ACCESS_W {
        grfAccessPermissions: FILE_ALL_ACCESS,
        grfAccessMode: SET_ACCESS,
        grfInheritance: inheritance,
        Trustee: TRUSTEE_W {
            pMultipleTrustee: null_mut(),
            MultipleTrusteeOperation: NO_MULTIPLE_TRUSTEE,
            TrusteeForm: TRUSTEE_IS_SID,
            TrusteeType: TRUSTEE_IS_USER,
            ptstrName: sid.ptr() as *mut u16,
        },
    }
}

/// The owner-only list, made by `SetEntriesInAclW` (freed on drop).
struct OwnerOnlyAcl(*mut ACL);

impl OwnerOnlyAcl {
    /// Full control for the user and SYSTEM; a folder's entries are passed on to what is
    /// created in it.
    fn new(user: &Sid, system: &Sid, is_dir: bool) -> io::Result<OwnerOnlyAcl> {
        let inheritance = if is_dir {
            SUB_CONTAINERS_AND_OBJECTS_INHERIT
        } else {
            NO_INHERITANCE
        };
        let entries = [
            full_control(user, inheritance),
            full_control(system, inheritance),
        ];
        let mut acl: *mut ACL = null_mut();
        let code =
            unsafe { SetEntriesInAclW(entries.len() as u32, entries.as_ptr(), null(), &mut acl) };
        if code != 0 {
            return Err(win32(code));
        }
        Ok(OwnerOnlyAcl(acl))
    }
}

impl Drop for OwnerOnlyAcl {
    fn drop(&mut self) {
        unsafe { LocalFree(self.0 as *mut c_void) };
    }
}

/// Gives `path` the owner-only list, protected: nothing inherited from the folder above.
pub(super) fn restrict(path: &Path, is_dir: bool) -> io::Result<()> {
    let acl = OwnerOnlyAcl::new(&Sid::current_user()?, &Sid::local_system()?, is_dir)?;
    let code = unsafe {
        SetNamedSecurityInfoW(
            wide(path).as_ptr(),
            SE_FILE_OBJECT,
            DACL_SECURITY_INFORMATION | PROTECTED_DACL_SECURITY_INFORMATION,
            null_mut(),
            null_mut(),
            acl.0,
            null(),
        )
    };
    if code != 0 {
        return Err(win32(code));
    }
    Ok(())
}

/// Whether `path` is owned by the Administrators group or SYSTEM (what an administrator's
/// installer or IT's tools leave; a user's own files are owned by the user).
pub(super) fn owned_by_administrators(path: &Path) -> io::Result<bool> {
    unsafe {
        let mut owner: PSID = null_mut();
        let mut descriptor: PSECURITY_DESCRIPTOR = null_mut();
        let code = GetNamedSecurityInfoW(
            wide(path).as_ptr(),
            SE_FILE_OBJECT,
            OWNER_SECURITY_INFORMATION,
            &mut owner,
            null_mut(),
            null_mut(),
            null_mut(),
            &mut descriptor,
        );
        if code != 0 {
            return Err(win32(code));
        }
        let admins = !owner.is_null()
            && (IsWellKnownSid(owner, WinBuiltinAdministratorsSid) != 0
                || IsWellKnownSid(owner, WinLocalSystemSid) != 0);
        LocalFree(descriptor);
        Ok(admins)
    }
}

/// Whether `path`'s access list is the owner-only one [`restrict`] gives: protected, and only
/// "allow" entries for the current user and SYSTEM, both present. Read back by tests, and at
/// start so a list that is already right is not written again.
pub fn is_owner_only(path: &Path) -> io::Result<bool> {
    let user = Sid::current_user()?;
    let system = Sid::local_system()?;
    unsafe {
        let mut dacl: *mut ACL = null_mut();
        let mut descriptor: PSECURITY_DESCRIPTOR = null_mut();
        let code = GetNamedSecurityInfoW(
            wide(path).as_ptr(),
            SE_FILE_OBJECT,
            DACL_SECURITY_INFORMATION,
            null_mut(),
            null_mut(),
            &mut dacl,
            null_mut(),
            &mut descriptor,
        );
        if code != 0 {
            return Err(win32(code));
        }
        let verdict = owner_only_dacl(descriptor, dacl, &user, &system);
        LocalFree(descriptor);
        verdict
    }
}

unsafe fn owner_only_dacl(
    descriptor: PSECURITY_DESCRIPTOR,
    dacl: *mut ACL,
    user: &Sid,
    system: &Sid,
) -> io::Result<bool> {
    // A missing DACL grants everyone everything.
    if dacl.is_null() {
        return Ok(false);
    }
    let mut control = 0u16;
    let mut revision = 0u32;
    if GetSecurityDescriptorControl(descriptor, &mut control, &mut revision) == 0 {
        return Err(io::Error::last_os_error());
    }
    if control & SE_DACL_PROTECTED == 0 {
        return Ok(false);
    }
    let mut info: ACL_SIZE_INFORMATION = std::mem::zeroed();
    if GetAclInformation(
        dacl,
        &mut info as *mut _ as *mut c_void,
        std::mem::size_of::<ACL_SIZE_INFORMATION>() as u32,
        AclSizeInformation,
    ) == 0
    {
        return Err(io::Error::last_os_error());
    }
    let (mut has_user, mut has_system) = (false, false);
    for index in 0..info.AceCount {
        let mut ace: *mut c_void = null_mut();
        if GetAce(dacl, index, &mut ace) == 0 {
            return Err(io::Error::last_os_error());
        }
        let ace = &*(ace as *const ACCESS_ALLOWED_ACE);
        if ace.Header.AceType != ACCESS_ALLOWED_ACE_TYPE as u8 {
            return Ok(false);
        }
        let sid = &ace.SidStart as *const u32 as PSID;
        if user.equals(sid) {
            has_user = true;
        } else if system.equals(sid) {
            has_system = true;
        } else {
            return Ok(false);
        }
    }
    Ok(has_user && has_system)
}

#[cfg(test)]
mod tests {
    use super::*;
    use windows_sys::Win32::Security::{
        InitializeSecurityDescriptor, SetSecurityDescriptorControl, SetSecurityDescriptorDacl,
        WinWorldSid, SECURITY_DESCRIPTOR,
    };
    use windows_sys::Win32::System::SystemServices::SECURITY_DESCRIPTOR_REVISION;

    /// A descriptor holding `acl`, protected or not, judged as `is_owner_only` judges a file's.
    fn judged(acl: *mut ACL, protected: bool) -> bool {
        let (user, system) = (Sid::current_user().unwrap(), Sid::local_system().unwrap());
        unsafe {
            let mut sd: SECURITY_DESCRIPTOR = std::mem::zeroed();
            let psd = &mut sd as *mut _ as PSECURITY_DESCRIPTOR;
            assert_ne!(
                InitializeSecurityDescriptor(psd, SECURITY_DESCRIPTOR_REVISION),
                0
            );
            assert_ne!(SetSecurityDescriptorDacl(psd, 1, acl, 0), 0);
            let bits = if protected { SE_DACL_PROTECTED } else { 0 };
            assert_ne!(
                SetSecurityDescriptorControl(psd, SE_DACL_PROTECTED, bits),
                0
            );
            owner_only_dacl(psd, acl, &user, &system).unwrap()
        }
    }

    /// The list `restrict` writes is the owner-only one, and the check refuses the near misses:
    /// the same list unprotected (the folder's entries would be inherited), one more entry for
    /// Everyone, no DACL at all. Runs under Wine, which keeps no access list on files (so the
    /// read-back through a file is tested on Windows itself; see scripts/test-windows).
    #[test]
    fn the_list_written_is_owner_only_and_near_misses_are_not() {
        let (user, system) = (Sid::current_user().unwrap(), Sid::local_system().unwrap());
        for is_dir in [true, false] {
            let acl = OwnerOnlyAcl::new(&user, &system, is_dir).unwrap();
            assert!(judged(acl.0, true));
            assert!(!judged(acl.0, false), "unprotected");
        }
        let mut everyone = vec![0u8; SECURITY_MAX_SID_SIZE as usize];
        let mut len = everyone.len() as u32;
        assert_ne!(
            unsafe {
                CreateWellKnownSid(
                    WinWorldSid,
                    null_mut(),
                    everyone.as_mut_ptr() as PSID,
                    &mut len,
                )
            },
            0
        );
        let everyone = Sid(everyone[..len as usize].to_vec());
        let entries = [
            full_control(&user, NO_INHERITANCE),
            full_control(&system, NO_INHERITANCE),
            full_control(&everyone, NO_INHERITANCE),
        ];
        let mut wide_acl: *mut ACL = null_mut();
        assert_eq!(
            unsafe { SetEntriesInAclW(3, entries.as_ptr(), null(), &mut wide_acl) },
            0
        );
        let wide_acl = OwnerOnlyAcl(wide_acl);
        assert!(!judged(wide_acl.0, true), "Everyone has an entry");
        assert!(
            !judged(null_mut(), true),
            "no DACL grants everyone everything"
        );
    }
}
